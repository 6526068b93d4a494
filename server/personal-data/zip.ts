import { strToU8, zipSync } from 'fflate'
import type { PersonalDataExport } from './export.ts'

const KIND_WORDS: Record<PersonalDataExport['subject']['kind'], string> = {
  learner: 'a learner',
  contact: 'a contact person, found by their email address',
  tutor: 'a tutor or staff member',
  'school-contact': "a contact at a partner school",
  registration: 'a registration sent through the website',
}

/** The README beside data.json: what the file is, when and by whom it was made, and what was withheld and why. */
export function readmeOf(made: PersonalDataExport): string {
  const held = made.sections.reduce((total, section) => total + section.records.length, 0)
  const lines = [
    'Personal data held by TEC',
    '=========================',
    '',
    `This archive answers a subject access request (UK GDPR Article 15) about ${KIND_WORDS[made.subject.kind]}: ${made.subject.label}.`,
    `Made on ${made.madeAt} by ${made.madeBy.name} (staff account ${made.madeBy.id}).`,
    '',
    'data.json holds every record we found, section by section: each section names the table it comes from and each',
    'record lists its fields with the names they are stored under (nested values are named with dots). Dates and times',
    'are in UTC (ISO 8601).',
    '',
    'Sections:',
    ...made.sections.map((section) => `- ${section.title} (${section.table}): ${section.records.length === 0 ? 'none held' : `${section.records.length} record${section.records.length === 1 ? '' : 's'}`}`),
    '',
    `${held} record${held === 1 ? '' : 's'} in all.`,
    '',
    'Held but not disclosed:',
    ...(made.withheld.length === 0
      ? ['- Nothing.']
      : made.withheld.map((item) => `- ${item.count} \u00d7 ${item.what}${item.dates.length === 0 ? '' : ` (${[...new Set(item.dates.map((date) => date.slice(0, 10)))].join(', ')})`}. ${item.reason}`)),
    '',
    made.includesConcerns
      ? 'Safeguarding concerns are included: a designated safeguarding lead chose to include them.'
      : 'Safeguarding concerns, where any are held, are withheld as listed above; a designated safeguarding lead may include them.',
    '',
  ]
  return lines.join('\r\n')
}

/** The zip of data.json (the same JSON the printable page shows) and README.txt. */
export function zipOf(made: PersonalDataExport): Uint8Array {
  const at = new Date(made.madeAt)
  return zipSync(
    {
      'data.json': [strToU8(JSON.stringify(made, null, 2)), { mtime: at }],
      'README.txt': [strToU8(readmeOf(made)), { mtime: at }],
    },
    { level: 6 },
  )
}

/** The download's name: tec-personal-data-<kind>-<date>.zip, with the date the export was made. */
export function zipNameOf(made: PersonalDataExport): string {
  return `tec-personal-data-${made.subject.kind}-${made.madeAt.slice(0, 10)}.zip`
}
