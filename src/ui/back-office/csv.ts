import { stringify } from 'csv-stringify/browser/esm/sync'
import { CSV_OPTIONS } from '@shared/csv'

/** One column of an exported list: its heading and the text of a row's cell. */
export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => Cell
}

type Cell = string | number | boolean | null | undefined

/** One cell as the file writes it (the rules are in shared/csv.ts). */
export function csvCell(value: Cell): string {
  return stringify([[value]], CSV_OPTIONS).slice(0, -'\r\n'.length)
}

/** A whole CSV file: a heading row, then one row per record. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))], CSV_OPTIONS)
}

/** Saves text as a file through the browser's download, with a byte-order mark so spreadsheets read UTF-8. */
export function downloadFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob(['\uFEFF', text], { type }), fileName)
}

/** Saves a file already made (a zip, say) through the browser's download. */
export function saveBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
