import { List, Stack, Text, Title } from '@mantine/core'
import type { components } from '@/api/schema.gen'

type RetentionPeriods = components['schemas']['RetentionPeriods']

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "six years", "18 months", "one day": small numbers in words, as the notice's readers say them. */
function counted(n: number, unit: string): string {
  return `${SMALL[n] ?? String(n)} ${unit}${n === 1 ? '' : 's'}`
}

const yearsText = (years: number) => counted(years, 'year')
/** Whole years read as years ("two years" rather than "24 months"). */
const monthsText = (months: number) => (months % 12 === 0 ? yearsText(months / 12) : counted(months, 'month'))
/** Whole years of days read as years ("one year" rather than "365 days"). */
const daysText = (days: number) => (days % 365 === 0 ? yearsText(days / 365) : counted(days, 'day'))

/**
 * What the privacy notice says of each period, in the order it lists them: what is kept, and for how long. The same
 * periods are what the daily run applies (server/retention), so the notice and the practice cannot disagree.
 */
function retentionNoticeItems(periods: RetentionPeriods): { key: keyof RetentionPeriods; what: string; howLong: string }[] {
  return [
    {
      key: 'learnerYears',
      what: 'A learner’s enrolment, lessons and lesson reports',
      howLong: `While the learner is with us and ${yearsText(periods.learnerYears)} after they finish. Then we remove their name and everything else that identifies them or their family, keeping only anonymous figures. Safeguarding records are kept for as long as the law requires.`,
    },
    {
      key: 'applicationMonths',
      what: 'Enrolments and applications that do not lead to a placement',
      howLong: `${monthsText(periods.applicationMonths)} after they are sent, then deleted.`,
    },
    { key: 'messageMonths', what: 'Messages sent through the contact form', howLong: `${monthsText(periods.messageMonths)} after they are sent, then deleted.` },
    { key: 'sentMailDays', what: 'Emails we send you', howLong: `${daysText(periods.sentMailDays)} after they are sent, then deleted.` },
    {
      key: 'senderDetailsDays',
      what: 'The internet address and browser a form was sent from',
      howLong: `${daysText(periods.senderDetailsDays)}, only to protect the site from abuse, then removed.`,
    },
    { key: 'signInDays', what: 'Records of staff and tutors signing in', howLong: `${daysText(periods.signInDays)}, then deleted.` },
    { key: 'openingMonths', what: 'Records of which staff member opened a learner’s record', howLong: `${monthsText(periods.openingMonths)}, then deleted.` },
  ]
}

/** "Six years…": a sentence that starts with the period. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The privacy notice's "How long we keep your information", made from the periods in force (Settings → Data
 * retention) rather than written in the page's text, so what the notice promises is what the daily run does.
 */
export function RetentionSection({ periods }: { periods: RetentionPeriods }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby="how-long-we-keep">
      <Title order={2} id="how-long-we-keep">
        How long we keep your information
      </Title>
      <Text>We keep information only as long as we need it. Every day our system deletes, or removes the names from, whatever has reached the end of its time:</Text>
      <List spacing="xs">
        {retentionNoticeItems(periods).map((item) => (
          <List.Item key={item.key}>
            <Text span fw={600}>
              {item.what}:
            </Text>{' '}
            {capitalised(item.howLong)}
          </List.Item>
        ))}
      </List>
    </Stack>
  )
}
