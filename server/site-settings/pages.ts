import type { components } from '../../src/api/schema.gen.ts'

type PageSlug = components['schemas']['PageSlug']

/**
 * What each of the site's own pages says until the office edits it, so a new install links its forms' consent
 * boxes to a real page from the first day. Plain words; the office adapts them (settings → Pages). The privacy
 * notice states no periods of its own: its section "How long we keep your information" is made from the retention
 * settings (Settings → Data retention), which the daily run applies, so the two cannot disagree.
 */
export const DEFAULT_SITE_PAGES: Record<PageSlug, { title: string; bodyHtml: string }> = {
  'privacy-notice': {
    title: 'Privacy notice',
    bodyHtml: [
      '<p>This notice explains what personal information TEC collects through this website, why, how long we keep it and what your rights are.</p>',
      '<h2>What we collect</h2>',
      '<ul><li><p>Enrolments: the learner’s name, age and needs, and the contact details of the parent, carer or school who enrols them.</p></li><li><p>Tutor applications: your name, contact details, subjects, experience, availability and, once you join, your safeguarding checks.</p></li><li><p>Messages sent through the contact form.</p></li><li><p>Lesson records and reports written by tutors about the learners they teach.</p></li></ul>',
      '<h2>Why we use it</h2>',
      '<p>To arrange and deliver tutoring, to keep learners safe, to reply to you, and to report on our work to the schools and families we serve. We rely on our legitimate interest in running the programme and, for safeguarding, on our legal duties.</p>',
      '<h2>Who sees it</h2>',
      '<p>Only TEC staff and the tutor who teaches a learner. We share information with a school about its own pupils, and with the authorities when the law or a safeguarding concern requires it. We never sell it.</p>',
      '<h2>Your rights</h2>',
      '<p>You may ask for a copy of your information, ask us to correct or delete it, or object to how we use it. Write to us using the details on the contact page. You may also complain to the Information Commissioner’s Office (ico.org.uk).</p>',
    ].join(''),
  },
  'safeguarding-policy': {
    title: 'Safeguarding policy',
    bodyHtml: [
      '<p>Every child and young person we teach has the right to be safe. This page sets out how TEC keeps learners safe at home, in schools, online and in community venues.</p>',
      '<h2>Our tutors</h2>',
      '<ul><li><p>Every tutor has an enhanced DBS check with the barred list before teaching, and references we follow up.</p></li><li><p>Every tutor is trained in safeguarding when they join and every year after.</p></li><li><p>Online lessons take place on the platform we provide, never on private accounts.</p></li></ul>',
      '<h2>Raising a concern</h2>',
      '<p>Tutors report any concern about a learner the same day through the tutor area, where it goes straight to our designated safeguarding lead. If a child is in immediate danger, call 999 first.</p>',
      '<p>Parents, carers, schools and anyone else can raise a concern with us using the contact details on the contact page, marked “safeguarding”. We reply within one working day.</p>',
      '<h2>Working with schools</h2>',
      '<p>In a school, our tutors follow the school’s own safeguarding procedures and report to its designated safeguarding lead as well as to ours.</p>',
    ].join(''),
  },
  'terms-of-use': {
    title: 'Terms of use',
    bodyHtml: [
      '<p>These terms apply to everyone who uses this website.</p>',
      '<h2>Using the site</h2>',
      '<p>You may read and share the site’s pages. Please do not send false information through its forms, try to reach parts of the site that are not meant for you, or interfere with how it works.</p>',
      '<h2>Enrolments and applications</h2>',
      '<p>Sending a form is a request, not a booking: we confirm each place or placement by email. Prices and dates on course pages may change; the ones we confirm to you are the ones that apply.</p>',
      '<h2>Accuracy and links</h2>',
      '<p>We keep the site accurate and up to date, but cannot promise it is free of mistakes. We are not responsible for the content of other sites we link to.</p>',
      '<h2>Changes</h2>',
      '<p>We may update these terms; the date at the foot of this page says when they last changed.</p>',
    ].join(''),
  },
}
