import type { SiteSettings } from '../site-settings/queries.ts'
import type { IllustrationName } from './illustrations.ts'

export interface DemoGalleryItem {
  image: IllustrationName
  caption: string
  published: boolean
}

/** The gallery in display order: drawings, and the captions say so; the alt text is the drawing's own description. The last is unpublished. */
export const DEMO_GALLERY: readonly DemoGalleryItem[] = [
  { image: 'kitchen-table', caption: 'Illustration: A Tuesday evening maths lesson at home in Islington.', published: true },
  { image: 'reading-circle', caption: 'Illustration: Story time at the Saturday Reading Circle, Northgate Library.', published: true },
  { image: 'classroom', caption: "Illustration: Year 6 fractions practice during our partnership with St Mary's Primary.", published: true },
  { image: 'video-lesson', caption: 'Illustration: An online English lesson with a learner in the Yorkshire Dales.', published: true },
  { image: 'community-hall', caption: 'Illustration: Homework Club at Eastfield Community Centre, now open three evenings a week.', published: true },
  { image: 'science-experiment', caption: 'Illustration: Rates of reaction, the practical way, in an A-level chemistry session.', published: true },
  { image: 'coding', caption: 'Illustration: The moment the game worked: Coding for Beginners, week three.', published: true },
  { image: 'adult-class', caption: 'Illustration: Speaking practice in our English for Adults class at Hollins Cross.', published: true },
  { image: 'celebration', caption: 'Illustration: Certificates all round at the end-of-year celebration.', published: true },
  { image: 'map', caption: 'Illustration: Where we teach: homes, schools, online and community venues.', published: false },
]

/** The demo organisation's details, as staff would enter them. */
export const DEMO_SITE_SETTINGS: SiteSettings = {
  organisationName: 'TEC',
  email: 'hello@tec.example',
  phone: '+44 20 7946 0321',
  addressLines: ['TEC Learning Centre', '12 Station Road', 'London', 'N1 7GU'],
  openingHours: 'Monday to Friday 9:00–17:30; Saturday 10:00–13:00',
  figures: [
    { label: 'Learners supported this year', value: '2,400+' },
    { label: 'Qualified tutors', value: '180' },
    { label: 'Partner schools', value: '36' },
    { label: 'Community venues', value: '14' },
  ],
  socialLinks: [
    { network: 'facebook', url: 'https://www.facebook.com/tec.example' },
    { network: 'instagram', url: 'https://www.instagram.com/tec.example' },
  ],
}
