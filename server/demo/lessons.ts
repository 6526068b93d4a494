import { eq, inArray } from 'drizzle-orm'
import { isLateCancellation, lessonInstant, londonDay, londonTime, longLessonDay, REPORT_DUE_HOURS, shiftDay, weeklyDays } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonReports, lessons, placements, safeguardingConcerns, students, users, type LessonReportDraftValue } from '../db/schema.ts'
import { approveReportRecord, returnReportRecord } from '../lesson-reports/records.ts'
import type { ChangeContext } from '../lib/history.ts'
import {
  cancelLessonRecord,
  markLessonMissedRecord,
  planLessonSeries,
  saveDraftRecord,
  submitReportRecord,
  type LessonDeps,
  type LessonOutcome,
} from '../lessons/lifecycle.ts'
import { createPlacementRecord, type PlacementOutcome } from '../placements/records.ts'
import { changeConcernStatusRecord } from '../safeguarding-concerns/records.ts'
import { insertSchool } from '../schools/records.ts'
import type { StudentInput } from '../students/queries.ts'
import { insertStudent } from '../students/records.ts'
import { holidayOn, holidaysOf, saveTermCalendar } from '../term-calendar/calendar.ts'

type Schemas = components['schemas']
type Attendance = Schemas['Attendance']

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** How far back the term's lessons go, and how far ahead they are planned. */
const TERM_WEEKS = 12
const AHEAD_DAYS = 21

const QUIET: LessonDeps = { mailer: { enqueue: () => Promise.resolve() }, config: { publicUrl: 'http://localhost' } }

// ---------------------------------------------------------------------------------------------------------------
// The term's extra learners: the people seed places its learners six weeks ago or later; these began with the term,
// twelve weeks ago, so the figures cover a whole term (an A-level learner for Tom, a GCSE learner for Hannah, and a
// partner school's reading group for Efua).

const TERM_SCHOOL = {
  name: 'Armley Park Primary School',
  type: 'primary',
  address: { line1: '14 Park Road', line2: 'Armley', town: 'Leeds', postcode: 'LS12 3NU' },
  contacts: [{ name: 'Claire Dawson', role: 'Year 5 teacher', email: 'c.dawson@armleypark.example', phone: '0113 496 0123', receivesReports: true }],
  safeguardingLead: { name: 'Martin Okafor', email: 'dsl@armleypark.example', phone: '0113 496 0124' },
  pupilCount: 6,
  notes: 'After-school reading group in the library on Mondays.',
} as const satisfies Schemas['SchoolInput']

const parent = (name: string, email: string): StudentInput['contact'] => ({
  name,
  relationship: 'parent',
  email,
  phone: '07700 900720',
  preferredContact: 'email',
})

interface TermLearner {
  student: StudentInput
  tutorEmail: string
  subject: string
  mode: Schemas['DeliveryMode']
  lessonMinutes: Schemas['LessonMinutes']
  /** Taught at their school (a partner school the seed adds), starting a week into the term. */
  atSchool?: boolean
}

const TERM_LEARNERS: readonly TermLearner[] = [
  {
    student: {
      name: 'Priya Sharma',
      yearGroup: 'year_12',
      contact: parent('Anita Sharma', 'anita.sharma@example.org'),
      subjects: ['Physics'],
      level: 'a_level',
      deliveryMode: 'online',
      availability: { days: ['thursday'], times: ['evening'] },
      goals: 'An A in A-level Physics and a place to read engineering.',
      status: 'waiting',
    },
    tutorEmail: 'tutor@tec.test',
    subject: 'Physics',
    mode: 'online',
    lessonMinutes: 60,
  },
  {
    student: {
      name: 'Kofi Asante',
      yearGroup: 'year_10',
      contact: parent('Grace Asante', 'grace.asante@example.org'),
      subjects: ['Maths'],
      level: 'gcse',
      deliveryMode: 'online',
      availability: { days: ['tuesday'], times: ['evening'] },
      goals: 'From a grade 4 to a grade 6 by the end of Year 11.',
      status: 'waiting',
    },
    tutorEmail: 'hannah.nair@example.org',
    subject: 'Maths',
    mode: 'online',
    lessonMinutes: 60,
  },
  ...[
    { name: 'Lily Hughes', contact: parent('Sarah Hughes', 'sarah.hughes@example.org') },
    { name: 'Zain Ahmed', contact: parent('Imran Ahmed', 'imran.ahmed@example.org') },
  ].map(
    ({ name, contact }): TermLearner => ({
      student: {
        name,
        yearGroup: 'year_5',
        contact,
        subjects: ['Reading'],
        level: 'primary',
        deliveryMode: 'school',
        availability: { days: ['monday'], times: ['after_school'] },
        goals: 'Read with confidence and enjoyment before Year 6.',
        status: 'waiting',
      },
      tutorEmail: 'efua.mensah@example.org',
      subject: 'Reading',
      mode: 'school',
      lessonMinutes: 45,
      atSchool: true,
    }),
  ),
]

function placed(outcome: PlacementOutcome): string {
  if (typeof outcome !== 'object' || !('placementId' in outcome)) throw new Error(`A demo placement was refused: ${JSON.stringify(outcome)}`)
  return outcome.placementId
}

async function seedTermLearners(tx: Db, context: ChangeContext, startsOn: string): Promise<void> {
  const schoolId = await insertSchool(tx, TERM_SCHOOL, context)
  const tutors = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set(TERM_LEARNERS.map((learner) => learner.tutorEmail))]))
  for (const learner of TERM_LEARNERS) {
    const tutorId = tutors.find((tutor) => tutor.email === learner.tutorEmail)?.id
    if (tutorId === undefined) throw new Error(`No demo tutor ${learner.tutorEmail}.`)
    const studentId = await insertStudent(tx, { ...learner.student, ...(learner.atSchool ? { schoolId } : {}) }, context)
    const placement = {
      studentId,
      tutorId,
      subject: learner.subject,
      mode: learner.mode,
      startsOn: learner.atSchool ? shiftDay(startsOn, 7) : startsOn,
      frequency: 'weekly' as const,
      lessonMinutes: learner.lessonMinutes,
    }
    placed(await createPlacementRecord(tx, QUIET, placement, context))
  }
}

// ---------------------------------------------------------------------------------------------------------------
// When each learner is taught: a weekday (0 Sunday … 6 Saturday), a London time and a place. A placement not named
// here gets the first free after-school slot.

interface Slot {
  weekday: number
  time: string
  place?: string
}

const SLOTS: Record<string, Slot> = {
  'Jacob Fielding|Maths': { weekday: 2, time: '16:30', place: 'At home, 22 Ash Road' },
  'Jacob Fielding|Physics': { weekday: 4, time: '16:30', place: 'Online' },
  'Priya Sharma|Physics': { weekday: 4, time: '18:00', place: 'Online' },
  'Amira Yusuf|English': { weekday: 3, time: '16:00', place: 'Online' },
  'Kofi Asante|Maths': { weekday: 2, time: '18:00', place: 'Online' },
  'Lily Hughes|Reading': { weekday: 1, time: '15:30', place: 'School library' },
}

const SPARE_SLOTS: readonly Slot[] = [1, 2, 3, 4, 5].flatMap((weekday) => ['16:00', '17:15', '18:30'].map((time) => ({ weekday, time })))

// ---------------------------------------------------------------------------------------------------------------
// What the reports say: a scheme of work per subject and level, taken in order through the term. `{name}` is the
// learner's first name (or the group's: "Lily and Zain").

interface ReportText {
  covered: string
  progress: string
  homework?: string
}

const REPORTS: Record<string, readonly ReportText[]> = {
  'maths|gcse': [
    {
      covered: 'Recap of fractions, decimals and percentages: converting between them and finding percentages of amounts without a calculator.',
      progress: '{name} converts confidently between fractions and decimals. Percentage change still needs practice; next time, reverse percentages.',
      homework: 'Percentages worksheet, questions 1 to 15.',
    },
    {
      covered: 'Reverse percentages, compound interest and depreciation using multipliers.',
      progress: '{name} now uses a multiplier rather than working out 1% first, which is quicker and more accurate. Compound interest questions were done well.',
      homework: 'Six exam questions on compound interest and depreciation.',
    },
    {
      covered: 'Ratio: sharing an amount in a given ratio, and problems where only the difference between the parts is given.',
      progress: '{name} shares amounts in a ratio reliably. The "difference" questions were harder until we drew bar models, and by the end they clicked.',
      homework: 'Ratio problems sheet, section B.',
    },
    {
      covered: 'Solving linear equations with unknowns on both sides and with brackets.',
      progress: '{name} is setting out working line by line now, which has cut out last week’s sign errors. Ready to move on to inequalities.',
      homework: 'Twenty minutes of equations practice on the school’s online homework platform.',
    },
    {
      covered: 'Linear inequalities: solving them and showing the solutions on a number line and as a list of integers.',
      progress: '{name} solves inequalities well. Remembering to reverse the sign when dividing by a negative number needs one more look.',
    },
    {
      covered: 'Straight-line graphs: gradient, y-intercept, and finding the equation of a line through two points.',
      progress: '{name} reads gradients from a graph accurately. Finding the equation from two points was new and needs more practice.',
      homework: 'Four past-paper questions on y = mx + c.',
    },
    {
      covered: 'Simultaneous equations by elimination, then a first look at substitution.',
      progress: 'Once we agreed a routine for matching the coefficients, {name} handled elimination well. Substitution next week.',
      homework: 'Simultaneous equations, questions 1 to 8.',
    },
    {
      covered: 'Expanding double brackets and factorising quadratics where the coefficient of x² is 1.',
      progress: '{name} expands brackets accurately with the grid method and factorises simple quadratics. Negative constants still cause the odd slip.',
      homework: 'Factorising worksheet, questions 1 to 20.',
    },
    {
      covered: 'Solving quadratics by factorising, and an introduction to the quadratic formula.',
      progress: '{name} solves quadratics that factorise and used the formula correctly in two questions of three. Writing the formula out each time will help.',
    },
    {
      covered: 'Pythagoras’ theorem and trigonometry in right-angled triangles (SOH CAH TOA).',
      progress: '{name} is secure with Pythagoras and usually picks the right trigonometric ratio. Finding angles with inverse functions needs practice.',
      homework: 'Trigonometry exam questions 1 to 8.',
    },
    {
      covered: 'Circles: area, circumference, arc lengths and the areas of sectors.',
      progress: '{name} remembered the formulas and worked accurately with π. Sector questions in context were harder; we will revisit them before the mocks.',
    },
    {
      covered: 'Probability: tree diagrams and Venn diagrams, including picking without replacement.',
      progress: '{name} draws clear, well-labelled tree diagrams. Questions without replacement need another go; a good, focused lesson.',
      homework: 'Probability revision sheet.',
    },
  ],
  'physics|gcse': [
    {
      covered: 'Forces and motion: resultant forces and Newton’s second law (F = ma).',
      progress: '{name} rearranges F = ma confidently. Thinking about the forces on a ball in a penalty kick made the idea of a resultant force much clearer.',
      homework: 'Forces revision questions, page 12 of the revision guide.',
    },
    {
      covered: 'Energy stores and transfers; calculating kinetic and gravitational potential energy.',
      progress: '{name} knows both equations and gets the units right. Next: efficiency and power.',
    },
    {
      covered: 'Electricity: current, potential difference and resistance in series and parallel circuits.',
      progress: '{name} is clear on series circuits. Parallel circuits need another session, especially how the current splits.',
      homework: 'Circuits questions 1 to 10.',
    },
    {
      covered: 'Waves: transverse and longitudinal waves, frequency, wavelength and the wave equation.',
      progress: '{name} uses the wave equation accurately, converting kHz to Hz without prompting.',
    },
    {
      covered: 'Density and the particle model; specific heat capacity calculations.',
      progress: '{name} worked through the specific heat capacity practical method and the calculations with growing confidence.',
      homework: 'Two exam questions on specific heat capacity.',
    },
  ],
  'physics|a_level': [
    {
      covered: 'SI units, prefixes and estimation; uncertainties in measurements.',
      progress: '{name} converts between prefixes quickly. Combining percentage uncertainties was new and went well after two worked examples.',
      homework: 'Uncertainties practice sheet.',
    },
    {
      covered: 'Scalars and vectors: resolving forces and adding vectors by scale drawing and by calculation.',
      progress: '{name} resolves vectors accurately; choosing sine or cosine is now automatic. Next: motion with constant acceleration.',
    },
    {
      covered: 'The equations of motion for uniform acceleration, and how to choose the right one.',
      progress: '{name} lists the known quantities before choosing an equation, so the working is easy to follow. Signs for upward and downward motion need care.',
      homework: 'Textbook questions on motion, 1 to 12.',
    },
    {
      covered: 'Projectile motion: treating the horizontal and vertical motion separately.',
      progress: '{name} handled horizontal launches well. Projectiles launched at an angle were harder; we will revisit them next week.',
    },
    {
      covered: 'Newton’s laws and free-body diagrams, including objects on slopes.',
      progress: '{name} draws clear free-body diagrams and resolves along and perpendicular to the slope correctly.',
      homework: 'Past-paper question on a block on an inclined plane.',
    },
    {
      covered: 'Work, energy and power; problems using conservation of energy.',
      progress: '{name} is confident with conservation of energy and now checks answers by estimating first.',
    },
    {
      covered: 'Momentum and impulse; elastic and inelastic collisions.',
      progress: '{name} applies conservation of momentum well and can tell elastic from inelastic collisions by checking kinetic energy.',
      homework: 'Collisions questions 1 to 6.',
    },
    {
      covered: 'Materials: density, Hooke’s law, stress, strain and the Young modulus.',
      progress: '{name} understands the stress–strain graph and can describe the Young modulus practical clearly.',
    },
    {
      covered: 'Current, charge and potential difference; resistivity and the I–V characteristics of components.',
      progress: '{name} sketched the I–V graphs for a resistor, a filament lamp and a diode from memory and explained their shapes.',
      homework: 'Resistivity calculations from the textbook.',
    },
    {
      covered: 'Series and parallel circuits, potential dividers and internal resistance.',
      progress: 'Potential dividers took a while, but {name} got there by the end. Internal resistance needs one more session.',
    },
    {
      covered: 'Progressive waves, polarisation and superposition; stationary waves on a string.',
      progress: '{name} explains how stationary waves form and finds the harmonics of a string accurately.',
      homework: 'Stationary waves past-paper questions.',
    },
    {
      covered: 'Interference and diffraction: Young’s double-slit experiment and diffraction gratings.',
      progress: '{name} uses the double-slit and grating equations confidently. Ready for the mock exam on waves.',
    },
  ],
  'english|ks3': [
    {
      covered: 'Descriptive writing: using the five senses and varied sentence openings to describe a busy market.',
      progress: '{name} wrote a vivid paragraph with some well-chosen verbs. Next step: varying sentence length for effect.',
      homework: 'Write a 150-word description of a place you know well.',
    },
    {
      covered: 'Reading for inference: a short story, answering "how do we know?" questions with evidence.',
      progress: '{name} finds good quotations and is starting to explain what they suggest, rather than retelling the story.',
    },
    {
      covered: 'Persuasive techniques in a charity advert: rhetorical questions, emotive language and the rule of three.',
      progress: '{name} spotted every technique and is beginning to say why each one works on the reader.',
      homework: 'Find one persuasive advert at home and label three techniques.',
    },
    {
      covered: 'Poetry: imagery in Tennyson’s "The Eagle", with a focus on metaphor and alliteration.',
      progress: '{name} enjoyed the poem and wrote a clear paragraph on the image of the eagle as a king.',
    },
    {
      covered: 'Punctuation: commas in lists and after fronted adverbials, and a first look at semicolons.',
      progress: '{name} uses commas accurately now. Semicolons are still new; we practised joining closely related sentences.',
      homework: 'Punctuation practice sheet.',
    },
    {
      covered: 'Formal letter writing: a letter to the council about a local park.',
      progress: '{name} set the letter out correctly and kept a formal tone throughout. The paragraphs could be linked more smoothly.',
    },
    {
      covered: 'Non-fiction reading: summarising an article about plastic in the oceans.',
      progress: '{name} picked out the main points and wrote a summary in her own words, keeping to the word limit.',
      homework: 'Read the second article and list its three main points.',
    },
  ],
  'reading|primary': [
    {
      covered: 'Getting to know the group: a short reading check and choosing books from the library to take home.',
      progress: '{name} settled in quickly and chose books that suit them. We agreed to read together for ten minutes each session.',
    },
    {
      covered: 'Reading aloud with expression: a chapter of "The Iron Man", taking turns and using the punctuation to guide our voices.',
      progress: '{name} read fluently and are starting to pause at full stops and change voice for speech.',
      homework: 'Read chapter two at home with a grown-up.',
    },
    {
      covered: 'Prediction: using the cover, the title and the first page to guess what happens next.',
      progress: '{name} gave sensible predictions and backed them up with clues from the text.',
    },
    {
      covered: 'Vocabulary: working out unfamiliar words from the sentence around them.',
      progress: '{name} are getting better at rereading the sentence rather than skipping a hard word.',
      homework: 'Write down two new words from your reading book and what you think they mean.',
    },
    {
      covered: 'Retrieval questions on a non-fiction text about the Vikings.',
      progress: '{name} found answers in the text quickly and are learning to use the headings to find their way.',
    },
    {
      covered: 'Inference: how characters feel and how we can tell, using "The Iron Man" chapter three.',
      progress: 'Good discussion: {name} used evidence from the text to explain how Hogarth felt.',
      homework: 'Read chapter four.',
    },
    {
      covered: 'Poetry: reading and performing "The Sound Collector" by Roger McGough.',
      progress: '{name} performed the poem confidently and noticed the rhyming pattern.',
    },
    {
      covered: 'Summarising: retelling a chapter in five sentences.',
      progress: '{name} kept to the main events; the next step is leaving out details that do not matter.',
      homework: 'Summarise a chapter of your own book in five sentences.',
    },
    {
      covered: 'Reading for pleasure: sharing favourite books and recommending one to each other.',
      progress: '{name} talked enthusiastically about their books. Lovely to see them enjoying reading.',
    },
    {
      covered: 'Spelling patterns: words ending in -tion, -sion and -cian.',
      progress: '{name} sorted the words correctly and used them in sentences.',
      homework: 'Learn the ten spellings on the sheet.',
    },
    {
      covered: 'Comparing two versions of a traditional tale and saying which we preferred and why.',
      progress: '{name} gave reasons for their choices and listened well to each other.',
    },
    {
      covered: 'Reading a playscript aloud in parts, and how a playscript is set out.',
      progress: '{name} read their parts with expression and can name the features of a playscript.',
    },
  ],
}

const ANY_SUBJECT: readonly ReportText[] = [
  {
    covered: 'Went over this week’s topic from school and worked through practice questions together.',
    progress: '{name} worked steadily and asked good questions.',
  },
  { covered: 'Revision of earlier topics and exam-style questions.', progress: '{name} is more confident with the earlier topics. Next: timed practice.' },
]

function reportFor(subject: string, level: string | null, step: number, names: string): ReportText {
  const bank = REPORTS[`${subject.toLowerCase()}|${level ?? ''}`] ?? ANY_SUBJECT
  const text = bank[step % bank.length] ?? ANY_SUBJECT[0]
  if (!text) throw new Error('No demo report text.')
  const fill = (value: string) => value.replaceAll('{name}', names)
  return { covered: fill(text.covered), progress: fill(text.progress), ...(text.homework === undefined ? {} : { homework: fill(text.homework) }) }
}

// ---------------------------------------------------------------------------------------------------------------
// The lessons: each current placement's weekly series, then what happened to the ones whose time has passed.

interface DemoLesson {
  id: string
  version: number
  tutorId: string
  tutorName: string
  subject: string
  mode: Schemas['DeliveryMode']
  startsAt: Date
  endsAt: Date
  learners: { id: string; name: string }[]
  level: string | null
  /** Its place in its learners' scheme of work. */
  step: number
}

const firstName = (name: string) => name.split(' ')[0] ?? name
const namesOf = (lesson: DemoLesson) => lesson.learners.map((learner) => firstName(learner.name)).join(' and ')

/** The first day on or after `from` that falls on `weekday`. */
function nextWeekday(from: string, weekday: number): string {
  const today = new Date(`${from}T12:00:00Z`).getUTCDay()
  return shiftDay(from, (weekday - today + 7) % 7)
}

/** "Autumn term", "Spring term" or "Summer term", by the month a London day falls in. */
function termNameOf(day: string): string {
  const month = Number(day.slice(5, 7))
  return month >= 9 ? 'Autumn term' : month >= 4 ? 'Summer term' : 'Spring term'
}

/**
 * The demo's term dates, saved as the office would: this term (from before the lessons begin to a week after the
 * last), a half term six weeks ago, the holidays after it, and the next term; weekly series skip the half term.
 */
async function seedTermCalendar(tx: Db, office: ChangeContext, termStart: string, lastLesson: string, today: string): Promise<void> {
  const monday = (day: string) => shiftDay(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7))
  const start = monday(termStart)
  const end = shiftDay(monday(shiftDay(lastLesson, 7)), 4)
  const halfTerm = monday(shiftDay(today, -42))
  const nextStart = shiftDay(monday(end), 14)
  const calendar = {
    terms: [
      { name: termNameOf(start), startsOn: start, endsOn: end },
      { name: termNameOf(nextStart), startsOn: nextStart, endsOn: shiftDay(nextStart, 7 * 12 - 3) },
    ],
    holidays: [
      { name: 'Half term', startsOn: halfTerm, endsOn: shiftDay(halfTerm, 4) },
      { name: 'Holidays', startsOn: shiftDay(end, 1), endsOn: shiftDay(nextStart, -1) },
    ],
  }
  const saved = await saveTermCalendar(tx, 1, calendar, office)
  if (saved !== 'updated') throw new Error('The demo term dates were not saved.')
}

async function planTerm(tx: Db, from: string, until: string): Promise<DemoLesson[]> {
  const holidays = await holidaysOf(tx)
  const rows = await tx
    .select({
      placement: placements,
      learner: { id: students.id, name: students.name, schoolId: students.schoolId, level: students.level },
      tutorName: users.name,
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(users, eq(users.id, placements.tutorId))
    .where(eq(placements.status, 'active'))
    .orderBy(placements.startsOn, students.name)
  // Learners of one school taught there in one subject by one tutor share their lessons, as the rules allow.
  const groups = new Map<string, typeof rows>()
  for (const row of rows) {
    const { placement, learner } = row
    const key =
      placement.mode === 'school' && learner.schoolId !== null ? `${placement.tutorId}|${learner.schoolId}|${placement.subject.toLowerCase()}` : placement.id
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  const steps = new Map<string, number>()
  const planned: DemoLesson[] = []
  for (const group of groups.values()) {
    const [first] = group
    if (!first) continue
    const { placement } = first
    const start = [from, ...group.map((row) => row.placement.startsOn)].sort().at(-1) ?? from
    const minutes = placement.lessonMinutes ?? 60
    const preferred = SLOTS[`${first.learner.name}|${placement.subject}`]
    let lessonIds: string[] | undefined
    let days: string[] = []
    for (const slot of preferred ? [preferred, ...SPARE_SLOTS] : SPARE_SLOTS) {
      const date = nextWeekday(start, slot.weekday)
      if (date > until) break
      const placementIds = group.map((row) => row.placement.id)
      const plan = { placementIds, date, startTime: slot.time, minutes, ...(slot.place ? { place: slot.place } : {}), repeat: { until } }
      const outcome = await planLessonSeries(tx, placement.tutorId, plan, { actorId: placement.tutorId, request: { ip: null } })
      if ('fields' in outcome) throw new Error(`A demo lesson plan was refused: ${JSON.stringify(outcome.fields)}`)
      if ('refused' in outcome) continue // it clashes with another of the tutor's lessons: try another slot
      lessonIds = outcome.lessonIds
      days = weeklyDays(date, { until }, (day) => holidayOn(holidays, day) !== undefined).map((day) => `${day}T${slot.time}`)
      // A placement begun in the term says when its first lesson really was, as the office would have agreed it.
      const begunInTerm = group.filter((row) => row.placement.startsOn >= from).map((row) => row.placement.id)
      if (begunInTerm.length > 0) await tx.update(placements).set({ startsOn: date, startTime: slot.time }).where(inArray(placements.id, begunInTerm))
      break
    }
    if (lessonIds === undefined) continue
    // Two placements of one subject and level follow one scheme of work, the later one further on in it.
    const course = `${placement.subject.toLowerCase()}|${first.learner.level ?? ''}`
    const offset = steps.get(course) ?? 0
    steps.set(course, offset + 6)
    lessonIds.forEach((id, index) => {
      const [day = '', time = ''] = (days[index] ?? '').split('T')
      const startsAt = lessonInstant(day, time)
      planned.push({
        id,
        version: 1,
        tutorId: placement.tutorId,
        tutorName: first.tutorName,
        subject: placement.subject,
        mode: placement.mode,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
        learners: group.map((row) => ({ id: row.learner.id, name: row.learner.name })),
        level: first.learner.level,
        step: offset + index,
      })
    })
  }
  return planned
}

/** When things happened, set after the real functions stamped them with the moment of seeding (see backdate). */
interface Timeline {
  reports: { lessonId: string; firstSubmittedAt?: Date; submittedAt?: Date; returnedAt?: Date; approvedAt?: Date; draftSavedAt?: Date }[]
  cancellations: { lessonId: string; startsAt: Date; cancelledAt: Date }[]
  concern?: { lessonId: string; raisedAt: Date; inHandAt: Date }
}

/**
 * Demo data only: the lesson functions stamp a report's sending, approval or return, a draft's saving, a
 * cancellation and a concern with the moment they run, which for the seed is the first start of the app, so every
 * report of the term would read as sent late and approved today. This moves those timestamps back to realistic
 * moments of the term (a report a few hours after its lesson, a few days late; approval a day or two later). A
 * cancellation's lateness is worked out again from its new time by the same rule the lesson functions use. The
 * history entries keep the moment of seeding.
 */
async function backdate(tx: Db, timeline: Timeline): Promise<void> {
  for (const { lessonId, ...times } of timeline.reports) {
    await tx.update(lessonReports).set(times).where(eq(lessonReports.lessonId, lessonId))
  }
  for (const { lessonId, startsAt, cancelledAt } of timeline.cancellations) {
    await tx
      .update(lessons)
      .set({ cancelledAt, cancelledLate: isLateCancellation(startsAt, cancelledAt), updatedAt: cancelledAt })
      .where(eq(lessons.id, lessonId))
  }
  if (timeline.concern) {
    const { lessonId, raisedAt, inHandAt } = timeline.concern
    await tx
      .update(safeguardingConcerns)
      .set({ createdAt: raisedAt, statusChangedAt: inHandAt, updatedAt: inHandAt })
      .where(eq(safeguardingConcerns.lessonId, lessonId))
  }
}

/** The moment itself when it falls within these London hours (and on a weekday, when asked), else the start of the next such hours. */
function within(at: Date, hours: { from: number; to: number; weekdays?: boolean }): Date {
  const time = londonTime(at)
  const hour = Number(time.slice(0, 2))
  let day = londonDay(at)
  const weekend = (candidate: string) => hours.weekdays === true && [0, 6].includes(new Date(`${candidate}T12:00:00Z`).getUTCDay())
  if (hour >= hours.from && hour < hours.to && !weekend(day)) return at
  if (hour >= hours.to) day = shiftDay(day, 1)
  while (weekend(day)) day = shiftDay(day, 1)
  return lessonInstant(day, `${String(hours.from).padStart(2, '0')}:${time.slice(3)}`)
}

/** When tutors write their reports, and when the office reads them. */
const TUTOR_HOURS = { from: 7, to: 23 }
const OFFICE_HOURS = { from: 9, to: 17, weekdays: true }

function changed(outcome: LessonOutcome, lesson: DemoLesson, what: string): void {
  if (typeof outcome !== 'object' || !('lessonIds' in outcome)) throw new Error(`The demo could not ${what} a lesson: ${JSON.stringify(outcome)}`)
  lesson.version += 1
}

/** Why lessons were called off: with notice, or on the day. */
const CANCEL_REASONS = {
  school: {
    notice: ['Year 5 trip to the Royal Armouries; the class is back late.', 'Parents’ evening: the library is being used for meetings.'],
    late: 'The school needed the library for a rehearsal and told us at lunchtime.',
  },
  family: { notice: ['{name} has a hospital appointment.', '{name} is away for a family wedding.'], late: '{name} is unwell; the family rang an hour before.' },
} as const

/** Now and then a word for the office alone. */
const STAFF_NOTE = 'The family asked about exam entry tiers; I suggested they speak to the school.'

/** The demo's one safeguarding concern, in its tutor's words. */
const CONCERN =
  '{name} told me that some older pupils have been taking their lunch money on the walk to school, and that they have gone without lunch most days ' +
  'this week. {name} asked me not to tell anyone; I explained that I have to pass it on so they are kept safe.'

/** How each report of the term turns out; the demo tutor's recent ones are set by hand (see seedDemoLessons). */
type Fate = 'approve' | 'review' | 'return' | 'resubmit'

/** Hours from a lesson's end to its report, in turn: mostly the same evening or the next day, now and then later. */
const ON_TIME_HOURS = [3, 20, 1.5, 26, 5, 34, 2.5, 18, 4, 22]
const LATE_HOURS = [75, 80, 93]
/** Hours from a report to the office's approval. */
const REVIEW_HOURS = [22, 30, 45, 26, 52, 20]

/**
 * A term of lessons for the demo: the term's extra learners (see TERM_LEARNERS), then for every current placement a
 * weekly series from twelve weeks ago (or its start) to three weeks ahead, and for the lessons already taught
 * reports sent (mostly on time), approved by the demo admin, a few cancelled or missed, and one safeguarding concern
 * in hand. Tom Tutor, who signs in, finds two lessons to report on (one overdue, one with a draft started), a report
 * returned with a comment and two waiting for the office. All through the functions the API uses, no mail sent.
 */
export async function seedDemoLessons(tx: Db, staff: { adminId: string; tutorId: string }, now = new Date()): Promise<void> {
  const office: ChangeContext & { actorId: string } = { actorId: staff.adminId, request: { ip: null }, note: 'the demo data' }
  const today = londonDay(now)
  const termStart = shiftDay(today, -7 * TERM_WEEKS)
  await seedTermLearners(tx, office, termStart)
  await seedTermCalendar(tx, office, termStart, shiftDay(today, AHEAD_DAYS), today)
  const term = await planTerm(tx, termStart, shiftDay(today, AHEAD_DAYS))

  const timeline: Timeline = { reports: [], cancellations: [] }
  const ago = (at: Date) => now.getTime() - at.getTime()
  /** Never later than a few minutes ago, never before `after`. */
  const past = (at: number, after: Date) => new Date(Math.max(after.getTime() + 5 * 60_000, Math.min(at, now.getTime() - 5 * 60_000)))
  const tutorOf = (lesson: DemoLesson): ChangeContext => ({ actorId: lesson.tutorId, request: { ip: null } })
  let marks = 0
  let groups = 0
  let sent = 0

  const attendanceOf = (lesson: DemoLesson) => {
    const group = lesson.learners.length > 1 ? groups++ : -1
    return lesson.learners.map((learner, index): { studentId: string; attendance: Attendance } => {
      const mark = marks++
      // In a group now and then one learner is away; one to one, a learner who does not come makes a missed lesson.
      const attendance: Attendance = group % 4 === 2 && index === 1 ? 'absent' : mark % 8 === 3 ? 'late' : 'present'
      return { studentId: learner.id, attendance }
    })
  }

  async function report(lesson: DemoLesson, fate: Fate, extra: { concern?: boolean; staffNote?: string } = {}): Promise<void> {
    const count = sent++
    const late = fate === 'approve' && count % 7 === 4
    const hours = late ? LATE_HOURS[count % LATE_HOURS.length] : ON_TIME_HOURS[count % ON_TIME_HOURS.length]
    const firstAt = past(within(new Date(lesson.endsAt.getTime() + (hours ?? 3) * HOUR), TUTOR_HOURS).getTime(), lesson.endsAt)
    const text = reportFor(lesson.subject, lesson.level, lesson.step, namesOf(lesson))
    const first = fate === 'return' || fate === 'resubmit' ? { ...text, progress: 'Good lesson, went well.' } : text
    const concern = extra.concern ? { severity: 'medium' as const, details: CONCERN.replaceAll('{name}', namesOf(lesson)) } : undefined
    const body = { attendance: attendanceOf(lesson), ...first, ...(extra.staffNote ? { staffNote: extra.staffNote } : {}), ...(concern ? { concern } : {}) }
    changed(await submitReportRecord(tx, QUIET, lesson.tutorId, lesson.id, lesson.version, body, tutorOf(lesson)), lesson, 'report on')
    const times: Timeline['reports'][number] = { lessonId: lesson.id, firstSubmittedAt: firstAt, submittedAt: firstAt }
    timeline.reports.push(times)
    if (fate === 'return' || fate === 'resubmit') {
      const comment = `Could you say what ${namesOf(lesson)} found hard and what to practise before the next lesson? The family reads this part.`
      changed(await returnReportRecord(tx, QUIET, lesson.id, lesson.version, comment, office), lesson, 'return')
      times.returnedAt = past(within(new Date(firstAt.getTime() + 20 * HOUR), OFFICE_HOURS).getTime(), firstAt)
      if (fate === 'resubmit') {
        changed(await submitReportRecord(tx, QUIET, lesson.tutorId, lesson.id, lesson.version, { ...body, ...text }, tutorOf(lesson)), lesson, 'resubmit')
        times.submittedAt = past(within(new Date(times.returnedAt.getTime() + 3 * HOUR), TUTOR_HOURS).getTime(), times.returnedAt)
      }
      return
    }
    const approvedAt = within(new Date(firstAt.getTime() + (REVIEW_HOURS[count % REVIEW_HOURS.length] ?? 24) * HOUR), OFFICE_HOURS)
    if (fate === 'approve' && approvedAt.getTime() < now.getTime() - HOUR) {
      changed(await approveReportRecord(tx, QUIET, lesson.id, lesson.version, {}, office), lesson, 'approve')
      times.approvedAt = approvedAt
    }
    if (concern) {
      const [raised] = await tx
        .select({ id: safeguardingConcerns.id, version: safeguardingConcerns.version })
        .from(safeguardingConcerns)
        .where(eq(safeguardingConcerns.lessonId, lesson.id))
      if (!raised) throw new Error('The demo concern was not raised.')
      const inHandAt = past(within(new Date(firstAt.getTime() + 16 * HOUR), OFFICE_HOURS).getTime(), firstAt)
      const note =
        `Rang ${namesOf(lesson)}’s family and passed the details to the school’s designated safeguarding lead on ${longLessonDay(londonDay(inHandAt))}. ` +
        `The school is speaking to the pupils involved; ${firstName(lesson.tutorName)} will tell us anything new after each lesson.`
      const outcome = await changeConcernStatusRecord(tx, raised.id, raised.version, { status: 'in_hand', note }, office)
      if (outcome !== 'changed') throw new Error(`The demo concern could not be taken in hand: ${outcome}`)
      timeline.concern = { lessonId: lesson.id, raisedAt: firstAt, inHandAt }
    }
  }

  async function cancel(lesson: DemoLesson, by: Schemas['CancelledBy'], reason: string, hoursBefore: number): Promise<void> {
    changed(await cancelLessonRecord(tx, QUIET, lesson.tutorId, lesson.id, lesson.version, { cancelledBy: by, reason }, tutorOf(lesson)), lesson, 'cancel')
    const cancelledAt = new Date(Math.min(lesson.startsAt.getTime() - hoursBefore * HOUR, now.getTime()))
    timeline.cancellations.push({ lessonId: lesson.id, startsAt: lesson.startsAt, cancelledAt })
  }

  const taught = term.filter((lesson) => lesson.endsAt.getTime() <= now.getTime()).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  const toCome = term.filter((lesson) => lesson.endsAt.getTime() > now.getTime()).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())

  // Tom Tutor's lessons, newest first: the work waiting for him, then the term behind it.
  const toms = taught.filter((lesson) => lesson.tutorId === staff.tutorId).reverse()
  const dueMs = (REPORT_DUE_HOURS + 1) * HOUR
  const overdue = toms.find((lesson) => ago(lesson.endsAt) > dueMs)
  const rest = toms.filter((lesson) => lesson !== overdue)
  const [drafted, review1, review2, returned, ...older] = rest
  if (drafted) {
    const text = reportFor(drafted.subject, drafted.level, drafted.step, namesOf(drafted))
    const draft: LessonReportDraftValue = {
      attendance: drafted.learners.map((learner) => ({ studentId: learner.id, attendance: 'present' })),
      covered: text.covered,
    }
    const saved = await saveDraftRecord(tx, drafted.tutorId, drafted.id, draft)
    if (!(typeof saved === 'object' && 'savedAt' in saved)) throw new Error(`The demo draft was refused: ${JSON.stringify(saved)}`)
    const draftSavedAt = past(within(new Date(drafted.endsAt.getTime() + 2 * HOUR), TUTOR_HOURS).getTime(), drafted.endsAt)
    timeline.reports.push({ lessonId: drafted.id, draftSavedAt })
  }
  for (const lesson of [review1, review2]) if (lesson) await report(lesson, 'review')
  if (returned) await report(returned, 'return')
  const tomsCancelled = older.find((lesson) => lesson.subject === 'Maths' && lesson.learners.some((learner) => learner.name === 'Jacob Fielding')) ?? older[2]
  for (const lesson of older.reverse()) {
    if (lesson === tomsCancelled) await cancel(lesson, 'family', `${namesOf(lesson)} has a county football trial that afternoon.`, 96)
    else await report(lesson, 'approve', lesson.step % 5 === 2 ? { staffNote: STAFF_NOTE } : {})
  }

  // Everyone else's: a few cancelled or missed, the newest not written up yet, one returned and sent again, one
  // that raised a concern.
  const others = taught.filter((lesson) => lesson.tutorId !== staff.tutorId)
  const written = others.filter((lesson) => ago(lesson.endsAt) > 30 * HOUR)
  const distance = (lesson: DemoLesson, daysAgo: number) => Math.abs(ago(lesson.endsAt) - daysAgo * DAY)
  const nearest = (candidates: DemoLesson[], daysAgo: number) =>
    candidates.reduce<DemoLesson | undefined>((best, lesson) => (best && distance(best, daysAgo) <= distance(lesson, daysAgo) ? best : lesson), undefined)
  const oneToOne = written.filter((lesson, index) => lesson.learners.length === 1 && index % 12 !== 5 && index % 12 !== 9)
  const concerned = nearest(oneToOne, 18)
  const resubmitted = nearest(oneToOne.filter((lesson) => lesson !== concerned), 5)
  let cancellations = 0
  for (const [index, lesson] of written.entries()) {
    const names = namesOf(lesson)
    if (index % 12 === 5) {
      // Every other one is called off on the day.
      const late = cancellations % 2 === 1
      const reasons = CANCEL_REASONS[lesson.mode === 'school' ? 'school' : 'family']
      const reason = (late ? reasons.late : (reasons.notice[cancellations % reasons.notice.length] ?? reasons.late)).replaceAll('{name}', names)
      await cancel(lesson, lesson.mode === 'school' ? 'school' : 'family', reason, late ? 2 : 4 * 24)
      cancellations += 1
    } else if (index % 12 === 9) {
      const note =
        lesson.mode === 'school'
          ? 'Neither pupil came to the library; their teacher later said they were kept back for a rehearsal.'
          : lesson.mode === 'home'
            ? `${names} was not at home; I waited 15 minutes and left a note.`
            : `${names} did not join. I waited 20 minutes and emailed the family; no reply.`
      changed(await markLessonMissedRecord(tx, lesson.tutorId, lesson.id, lesson.version, note, tutorOf(lesson)), lesson, 'mark missed')
    } else await report(lesson, lesson === resubmitted ? 'resubmit' : 'approve', { concern: lesson === concerned })
  }

  // One lesson to come that the school has already called off.
  const closure = toCome.find((lesson) => lesson.mode === 'school' && lesson.startsAt.getTime() - now.getTime() > 3 * DAY)
  if (closure) await cancel(closure, 'school', 'The school is closed for a staff training day.', 7 * 24)

  await backdate(tx, timeline)
}
