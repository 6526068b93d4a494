/** One column of an exported list: its heading and the text of a row's cell. */
export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => string | number | boolean | null | undefined
}

/**
 * A cell as text a spreadsheet shows as it is: quoted when it holds a comma, quote or line break, and, when it
 * begins like a formula (=, +, -, @, tab, carriage return), prefixed with an apostrophe so the spreadsheet does
 * not run it (OWASP's CSV injection advice). Names and notes come from the public forms, so this matters.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A whole CSV file: a heading row, then one row per record, lines ended with CRLF as RFC 4180 says. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)), ...rows.map((row) => columns.map((column) => csvCell(column.value(row))))]
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`
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
