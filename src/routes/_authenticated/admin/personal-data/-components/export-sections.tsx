import { Anchor, Card, List, Stack, Table, Text, Title } from '@mantine/core'
import type { PersonalDataExport, PersonalDataSection } from '@/api/personal-data'
import { formatDateTime } from '@/ui/format-date-time'
import classes from './personal-data.module.css'

type Field = PersonalDataSection['records'][number]['fields'][number]

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** A stored field's name in words: `contactEmail` → "Contact email", `answers.student.name` → "Answers › student › name". */
export function fieldLabel(name: string): string {
  const words = name
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replaceAll('_', ' ').toLowerCase())
    .join(' › ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function FieldValue({ value }: { value: Field['value'] }) {
  if (value === null) return <Text span c="dimmed">None</Text>
  if (Array.isArray(value)) return value.length === 0 ? <Text span c="dimmed">None</Text> : <>{value.join(', ')}</>
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>
  if (typeof value === 'string' && ISO_TIME.test(value)) return <time dateTime={value}>{formatDateTime(value)}</time>
  return <>{String(value)}</>
}

const sectionId = (section: PersonalDataSection) => `section-${section.id.replace(/[^a-z0-9-]/gi, '-')}`
const records = (count: number) => (count === 0 ? 'none held' : `${count} record${count === 1 ? '' : 's'}`)

/** The sections' names with how many records each holds, each a link to its section: long exports are read by jumping. */
export function ExportContents({ made }: { made: PersonalDataExport }) {
  return (
    <nav aria-label="Sections of the export">
      <Title order={2} size="h4" mb="xs">
        Sections
      </Title>
      <List spacing={4} size="sm">
        {made.sections.map((section) => (
          <List.Item key={section.id}>
            <Anchor href={`#${sectionId(section)}`}>{section.title}</Anchor> ({records(section.records.length)})
          </List.Item>
        ))}
      </List>
    </nav>
  )
}

/** Every section in turn: what it holds and where it comes from, then each record as a table of its fields. */
export function ExportSections({ made }: { made: PersonalDataExport }) {
  return (
    <Stack gap="lg">
      {made.sections.map((section) => (
        <Card key={section.id} withBorder component="section" aria-labelledby={sectionId(section)} padding="md">
          <Stack gap="sm">
            <Stack gap={2}>
              <Title order={2} size="h3" id={sectionId(section)}>
                {section.title}
              </Title>
              <Text size="sm" c="dimmed">
                {section.description} From the table {section.table}; {records(section.records.length)}.
              </Text>
            </Stack>
            {section.records.length === 0 ? (
              <Text size="sm">Nothing held.</Text>
            ) : (
              section.records.map((record, index) => (
                <div key={index} className={classes.record}>
                  <Title order={3} size="h5" mb={4}>
                    {record.title}
                  </Title>
                  <Table withTableBorder withColumnBorders layout="fixed" fz="sm" verticalSpacing={4}>
                    <Table.Tbody>
                      {record.fields.map((field) => (
                        <Table.Tr key={field.name}>
                          <Table.Th scope="row" className={classes.fieldName}>
                            {fieldLabel(field.name)}
                          </Table.Th>
                          <Table.Td className={classes.value}>
                            <FieldValue value={field.value} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </div>
              ))
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}

/** What is held but not shown, with how many, when, and why. */
export function ExportWithheld({ made }: { made: PersonalDataExport }) {
  if (made.withheld.length === 0) return <Text size="sm">Nothing held was left out of this export.</Text>
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Held but not disclosed
      </Title>
      <List spacing="xs" size="sm">
        {made.withheld.map((held) => (
          <List.Item key={held.what}>
            <Text span fw={500}>
              {held.count} × {held.what}
            </Text>
            {held.dates.length > 0 && <> ({[...new Set(held.dates.map((date) => formatDateTime(date)))].join(', ')})</>}. {held.reason}
          </List.Item>
        ))}
      </List>
    </Stack>
  )
}
