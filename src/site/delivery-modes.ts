import type { DeliveryMode } from '@/api/courses'

/** One step of how a mode works, in the order a family or school meets it. */
export interface ModeStep {
  title: string
  text: string
}

export interface ModeCopy {
  mode: DeliveryMode
  to: '/tec-in-every-home' | '/tec-in-every-school' | '/tec-online' | '/tec-in-every-community'
  label: string
  /** One sentence for cards and menus. */
  summary: string
  /** The page's description for search results. */
  description: string
  lead: string
  audience: string[]
  steps: ModeStep[]
  cost: { title: string; paragraphs: string[] }
  /** The enrolment form this mode leads to. */
  enrol: { to: '/subject-enroll' | '/school-enroll' | '/course-enroll'; label: string }
}

export const modeCopy: Record<DeliveryMode, ModeCopy> = {
  home: {
    mode: 'home',
    to: '/tec-in-every-home',
    label: 'TEC in every home',
    summary: 'One-to-one lessons at home with a tutor matched to the learner.',
    description: 'One-to-one tutoring at home with a vetted TEC tutor matched to the learner, from early reading to A level.',
    lead: 'A patient, vetted tutor comes to your home at a time that suits your family, and plans every lesson around the learner in front of them.',
    audience: [
      'Children from age 5 who need help with reading, writing or number',
      'Pupils preparing for SATs, GCSEs or A levels who want steady, one-to-one practice',
      'Learners who lost confidence after time away from school, or who learn best away from a busy classroom',
      'Adults returning to study, such as a functional skills or GCSE English resit',
    ],
    steps: [
      { title: 'Tell us about the learner', text: 'Enrol in a subject online and tell us the year group, what is going well and what is hard.' },
      { title: 'Meet your tutor', text: 'Within a week we match a tutor with the right subject and experience, who visits for a free first meeting.' },
      { title: 'Weekly lessons', text: 'Lessons of 60 minutes follow the school curriculum at the learner’s pace, with short practice between visits.' },
      { title: 'Progress reports', text: 'After every block of ten lessons, parents receive a short written report and can talk it through with the tutor.' },
    ],
    cost: {
      title: 'What it costs',
      paragraphs: [
        'Home lessons are paid for in blocks of ten, invoiced at the start of each block; the first meeting is free and there is no joining fee.',
        'Families receiving free school meals, or referred by a school or social worker, can apply for a fully funded place through our bursary fund.',
      ],
    },
    enrol: { to: '/subject-enroll', label: 'Enrol in a subject' },
  },
  school: {
    mode: 'school',
    to: '/tec-in-every-school',
    label: 'TEC in every school',
    summary: 'Small-group support and exam preparation inside schools.',
    description: 'Small-group tutoring, catch-up and exam preparation delivered inside primary and secondary schools by TEC tutors.',
    lead: 'Our tutors work alongside your teachers in the school day, in groups of up to six, so the pupils who need it most get focused help without leaving school.',
    audience: [
      'Primary schools wanting reading and number catch-up in Years 2 to 6',
      'Secondary schools preparing Year 10 and 11 pupils for GCSE English, maths and science',
      'Schools using pupil premium or recovery funding who need a programme they can evidence',
      'Special schools and resource bases that need tutors experienced with additional needs',
    ],
    steps: [
      { title: 'Plan together', text: 'We meet your senior leaders to agree which pupils, subjects and outcomes the programme targets.' },
      { title: 'Baseline assessment', text: 'Each pupil takes a short assessment in the first week, so groups are set by need rather than by class.' },
      { title: 'Sessions in school', text: 'Groups of up to six meet weekly for a term with the same tutor, in the school day or straight after it.' },
      { title: 'Impact report', text: 'At the end of term you receive progress data per pupil and a summary your governors can read.' },
    ],
    cost: {
      title: 'How it is funded',
      paragraphs: [
        'Schools pay per group per term, agreed in writing before the programme starts, and most fund it from pupil premium or recovery budgets.',
        'Our partnership with the local authority funds a number of places each year for schools with the highest need; ask us whether yours qualifies.',
      ],
    },
    enrol: { to: '/school-enroll', label: 'Enrol your school' },
  },
  online: {
    mode: 'online',
    to: '/tec-online',
    label: 'TEC online',
    summary: 'Live online lessons and short courses, wherever you are.',
    description: 'Live online lessons and short courses with a TEC tutor, with shared notes and practice between sessions.',
    lead: 'Live lessons with a real tutor on a shared whiteboard, for learners who live far from us, have busy timetables or simply prefer to learn from home on a screen.',
    audience: [
      'Secondary and sixth-form students who want subject help in the evenings or at weekends',
      'Families in rural areas, or who move often, who cannot easily reach a tutor in person',
      'Learners who are unwell or unable to attend school for a period',
      'Adults fitting study around work, such as English for work or a maths refresher',
    ],
    steps: [
      { title: 'Choose a subject', text: 'Enrol in a subject for one-to-one lessons, or pick one of the short online courses listed below.' },
      { title: 'Check your set-up', text: 'Before the first lesson your tutor runs a ten-minute check of sound, camera and the whiteboard with you.' },
      { title: 'Learn live', text: 'Lessons run live on a shared whiteboard; notes and worked examples are saved for you after every session.' },
      { title: 'Practise and review', text: 'Short practice sets between lessons are marked before the next session, so time together goes on what matters.' },
    ],
    cost: {
      title: 'What it costs',
      paragraphs: [
        'One-to-one online lessons cost less than home visits because there is no travel, and are paid for in blocks of ten.',
        'Online courses have one fee for the whole course, shown on each course page. Bursary places are available on the same terms as our home tutoring.',
      ],
    },
    enrol: { to: '/subject-enroll', label: 'Enrol in a subject' },
  },
  community: {
    mode: 'community',
    to: '/tec-in-every-community',
    label: 'TEC in every community',
    summary: 'Homework clubs, reading circles and adult learning with local partners.',
    description: 'Free and low-cost homework clubs, reading circles and adult learning run by TEC with libraries, community centres and faith groups.',
    lead: 'We take learning to where people already gather: libraries, community centres, mosques, churches and sports clubs, with sessions that are free or close to it.',
    audience: [
      'Children who need a quiet place and a helping hand with homework after school',
      'Families who want to read together, including parents learning English alongside their children',
      'Adults who want to improve their English, maths or digital skills for work or everyday life',
      'Community groups that would like to host a club and need trained tutors to run it',
    ],
    steps: [
      { title: 'Find a session', text: 'Look at the community courses below and choose the one nearest you; each page gives the venue and times.' },
      { title: 'Book a place', text: 'Enrol in the course so we know how many to expect; most sessions also welcome you on the day.' },
      { title: 'Come along', text: 'Sessions run weekly in term time, led by a trained tutor with volunteers from the host organisation.' },
      { title: 'Keep going', text: 'Learners who want more can move on to one-to-one or online tutoring, with a bursary where it is needed.' },
    ],
    cost: {
      title: 'How it is funded',
      paragraphs: [
        'Community sessions are free to learners. They are funded by grants from charitable trusts and the local authority, and by our host partners, who give their rooms at no charge.',
        'Some adult courses ask for a small contribution towards materials, which is always waived for anyone who cannot pay.',
      ],
    },
    enrol: { to: '/course-enroll', label: 'Enrol in a community course' },
  },
}

/** The four modes in the order the site presents them. */
export const modes: ModeCopy[] = [modeCopy.home, modeCopy.school, modeCopy.online, modeCopy.community]
