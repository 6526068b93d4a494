import { IconFileExport } from '@tabler/icons-react'
import { ButtonLink } from '@/components/links'
import type { ExportSearch } from './export-search'

/**
 * "Export everything we hold" about the person a page shows: opens the printable export, from which the zip is
 * downloaded. Opening it is an export, recorded as such, so the link does not load it ahead of a click.
 */
export function ExportEverythingLink({ search, label = 'Export everything we hold', size }: { search: ExportSearch; label?: string; size?: 'xs' | 'sm' }) {
  return (
    <ButtonLink to="/admin/personal-data" search={search} preload={false} variant="default" size={size} leftSection={<IconFileExport size={16} aria-hidden />}>
      {label}
    </ButtonLink>
  )
}
