import type { DeliveryMode } from '../db/schema.ts'
import type { IllustrationName } from './illustrations.ts'

export interface DemoCourse {
  slug: string
  title: string
  summary: string
  level: string
  subjects: string[]
  modes: DeliveryMode[]
  duration: string
  description: string[]
  schedule: string
  cost: string
  image: IllustrationName
  featured: boolean
  published: boolean
}

/** The demo courses, in the order staff would arrange them; one is unpublished and must never be shown. */
export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    slug: 'gcse-maths-revision',
    title: 'GCSE Maths Revision',
    summary: 'One-to-one revision that targets the topics worth the most marks, with past papers every week.',
    level: 'Ages 14–16 (GCSE, Foundation and Higher)',
    subjects: ['Maths'],
    modes: ['home', 'online'],
    duration: '12 weekly lessons of 60 minutes',
    description: [
      'Your tutor starts with a short diagnostic paper and a conversation about your mock results, then builds a plan around the topics that will move your grade the most, whether that is securing a 4 or reaching for an 8 or 9.',
      'Each lesson mixes a quick recap, a worked example, guided practice and an exam question under timed conditions. You leave with a short set of questions to try before the next lesson, and your tutor marks them with you.',
      'Parents receive a brief progress note every four weeks. Lessons follow the AQA, Edexcel or OCR specification, whichever your school uses.',
    ],
    schedule: 'Weekday evenings and Saturday mornings; start any week from September to April',
    cost: '£28 per one-hour lesson at home, £24 online; bursaries available for families on a low income',
    image: 'exam-desk',
    featured: true,
    published: true,
  },
  {
    slug: 'early-reading-and-phonics',
    title: 'Early Reading and Phonics',
    summary: 'Patient, playful lessons that help young children crack the code of reading and learn to love books.',
    level: 'Ages 4–7 (Reception to Year 2)',
    subjects: ['English', 'Phonics', 'Reading'],
    modes: ['home', 'community'],
    duration: '10 weekly sessions of 45 minutes',
    description: [
      "Our tutors use systematic synthetic phonics, matched to the programme your child's school follows, so that what happens at home or at the library supports what happens in class.",
      'Sessions are short and full of games: sound hunts, magnetic letters, decodable books and plenty of stories read aloud. Children practise blending and segmenting until reading becomes automatic.',
      'We show parents and carers simple ways to keep practising between sessions, in just ten minutes a day.',
    ],
    schedule: 'At home after school on weekdays; in the community at our Saturday Reading Circles, 10:00–11:00',
    cost: '£26 per session at home; free at community Reading Circles, funded by the council’s community learning fund',
    image: 'books',
    featured: true,
    published: true,
  },
  {
    slug: 'coding-for-beginners',
    title: 'Coding for Beginners',
    summary: 'Build games and animations from the first lesson, and learn the ideas behind every programming language.',
    level: 'Ages 9–14, no experience needed',
    subjects: ['Computing', 'Coding'],
    modes: ['online', 'community'],
    duration: '8 weekly sessions of 90 minutes',
    description: [
      'Learners start with block-based coding in Scratch and move on to Python once they are ready. Every session ends with something that works: a game, a quiz, an animation or a small tool.',
      'Along the way they meet the ideas that all programmers use: sequences, loops, conditions, variables and functions, and how to find and fix bugs calmly.',
      'Groups are small, at most six learners per tutor, so everyone gets help when they are stuck. In the community, we provide the laptops.',
    ],
    schedule: 'Online on Wednesdays 17:00–18:30; at Eastfield Community Centre on Saturdays 13:00–14:30',
    cost: '£12 per session online; free at the community centre, funded by a local business partnership',
    image: 'coding',
    featured: true,
    published: true,
  },
  {
    slug: 'ks2-sats-booster',
    title: 'KS2 SATs Booster in school',
    summary: 'Small-group tutoring in reading and maths for Year 6, delivered in school time alongside class teachers.',
    level: 'Ages 10–11 (Year 6)',
    subjects: ['Maths', 'Reading', 'Grammar'],
    modes: ['school'],
    duration: '20 weeks, three 45-minute sessions a week',
    description: [
      "TEC tutors join your school for the spring and summer terms and work with groups of three pupils chosen with your Year 6 team. Sessions follow your scheme of work and use your school's own resources.",
      'Tutors keep a short note of every session for class teachers, so that everyone knows who is ready to move on and who needs more practice.',
      'Every tutor is DBS-checked, trained in our approach and supervised by an experienced lead tutor who visits the school each half term.',
    ],
    schedule: "Mornings in school time, arranged with the school's timetable",
    cost: "Funded by the school's tutoring budget; we help schools plan how to use it",
    image: 'classroom',
    featured: false,
    published: true,
  },
  {
    slug: 'english-for-adults',
    title: 'English for Adults',
    summary: 'Friendly classes for adults who want more confidence in speaking, reading and writing English for work and everyday life.',
    level: 'Adults, from beginner to intermediate (ESOL Entry 1 to Level 1)',
    subjects: ['English', 'ESOL'],
    modes: ['community', 'online'],
    duration: '12 weekly classes of 2 hours',
    description: [
      'Classes focus on the English people need every day: talking to a doctor or a teacher, filling in forms, reading letters and speaking up at work.',
      'Learners work in small groups with a tutor and a volunteer, with lots of speaking practice. A crèche is available at our community venues.',
      'Learners who want to can prepare for a recognised ESOL qualification, and we help with the next step, whether that is a college course or a job application.',
    ],
    schedule: 'Tuesday and Thursday mornings 10:00–12:00 at Hollins Cross Community Hall; Monday evenings 19:00–21:00 online',
    cost: "Free, funded by the council's community learning fund",
    image: 'adult-class',
    featured: false,
    published: true,
  },
  {
    slug: 'a-level-chemistry-tutoring',
    title: 'A-level Chemistry Tutoring',
    summary: 'One-to-one tutoring from chemistry graduates, from moles to mechanisms, with exam technique built in.',
    level: 'Ages 16–18 (AS and A-level)',
    subjects: ['Chemistry', 'Science'],
    modes: ['home', 'online'],
    duration: 'Weekly 60-minute lessons, for a term or the whole year',
    description: [
      'Your tutor works through the topics you find hardest, such as calculations, organic mechanisms, equilibria and energetics, starting from whatever gaps remain from GCSE.',
      'Lessons combine clear explanation with plenty of practice on exam-style questions, including the longer six-mark answers and practical skills questions.',
      'All our chemistry tutors hold a degree in chemistry or a closely related subject, and many are teachers or postgraduate researchers.',
    ],
    schedule: 'Weekday evenings and weekends, at a time that suits you',
    cost: '£34 per one-hour lesson at home, £30 online; bursaries available',
    image: 'science-experiment',
    featured: false,
    published: true,
  },
  {
    slug: 'homework-club',
    title: 'Homework Club',
    summary: 'A free, friendly place after school to do homework with help from tutors and volunteers.',
    level: 'Ages 7–16 (Year 3 to Year 11)',
    subjects: ['All subjects', 'Study skills'],
    modes: ['community', 'school'],
    duration: 'Drop in during term time; stay for as long as you need',
    description: [
      'Children and young people bring whatever homework they have. A tutor or volunteer helps them understand the task, plan it and get it done, without doing it for them.',
      'Laptops, printing, books and a quiet corner for revision are all available, and there is always a snack.',
      'In partner schools the club runs in the library straight after the last lesson, so pupils can stay on without going home first.',
    ],
    schedule: 'Mondays, Wednesdays and Thursdays 15:45–17:45 at Eastfield Community Centre; after school in partner schools',
    cost: "Free, funded by the council's community learning fund and our partner schools",
    image: 'community-hall',
    featured: false,
    published: true,
  },
  {
    slug: 'gcse-english-literature-workshops',
    title: 'GCSE English Literature Workshops',
    summary: 'Set-text workshops for Year 11, planned for next spring.',
    level: 'Ages 15–16 (Year 11)',
    subjects: ['English Literature'],
    modes: ['school', 'online'],
    duration: '6 workshops of 90 minutes',
    description: ['Workshops on the set texts, poetry anthology and unseen poetry, still being planned with two partner schools.'],
    schedule: 'To be confirmed',
    cost: 'To be confirmed',
    image: 'reading-circle',
    featured: false,
    published: false,
  },
]
