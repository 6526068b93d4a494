import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { isoDay } from '@shared/dates'
import { MESSAGES } from '@/forms/enrolment-rules'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'

const image = { url: '/api/media/x', width: 800, height: 600, alt: '' }
const course = (id: string, title: string, modes: string[]) => ({
  id,
  title,
  summary: `${title} with a TEC tutor.`,
  level: 'Ages 14–16 (GCSE)',
  subjects: ['Maths'],
  modes,
  duration: '10 weekly sessions of 60 minutes',
  image,
  featured: false,
})
const courses = [course('gcse-maths-revision', 'GCSE maths revision', ['home', 'online']), course('homework-club', 'Homework club', ['community', 'school'])]

const catalogue: Record<string, Handler> = {
  'GET /subjects': () => json(200, { items: ['English', 'Maths', 'Science'] }),
  'GET /courses': () => json(200, { items: courses }),
  'GET /courses/gcse-maths-revision': () =>
    json(200, { ...courses[0], description: ['Revision.'], schedule: 'Tuesdays 16:30–17:30', cost: 'Free for pupils on free school meals' }),
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send enrolment' }))
const tomorrow = () => isoDay(new Date(Date.now() + 24 * 3600 * 1000))

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByLabelText(label, { selector: 'input' }))
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }))
}

describe('/subject-enroll', () => {
  it('shows a message under every required field of an empty form, sends nothing and focuses the first', async () => {
    let posted = 0
    renderApp('/subject-enroll', { handlers: { ...catalogue, 'POST /enrolments/subject': () => ((posted += 1), json(201, {})) } })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a subject' })
    await submit()
    for (const message of [
      MESSAGES.applicantType,
      MESSAGES.contactName,
      MESSAGES.relationship,
      MESSAGES.email,
      MESSAGES.phone,
      MESSAGES.preferredContact,
      MESSAGES.studentName,
      MESSAGES.ageOrYear,
      MESSAGES.subjects,
      MESSAGES.level,
      MESSAGES.goals,
      MESSAGES.deliveryMode,
      MESSAGES.days,
      MESSAGES.times,
      MESSAGES.startDate,
      MESSAGES.frequency,
      MESSAGES.lessonMinutes,
      MESSAGES.privacyConsent,
    ]) {
      expect(await screen.findByText(message)).toBeDefined()
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'A parent or guardian, for my child' })))
    expect(posted).toBe(0)
  })

  it('groups the form into titled sections and asks for the home address only for lessons at home', async () => {
    renderApp('/subject-enroll', { handlers: catalogue })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a subject' })
    for (const section of ['About you', 'The learner', 'Subjects and goals', 'Where lessons happen', 'When lessons suit', 'Anything else', 'Your consent']) {
      expect(screen.getByRole('group', { name: section })).toBeDefined()
    }
    expect(screen.queryByRole('textbox', { name: /Address line 1/ })).toBeNull()
    await userEvent.click(screen.getByRole('radio', { name: /At home/ }))
    expect(screen.getByRole('textbox', { name: /Address line 1/ })).toBeDefined()
    await userEvent.click(screen.getByRole('radio', { name: /Online/ }))
    expect(screen.queryByRole('textbox', { name: /Address line 1/ })).toBeNull()
  })

  it('fits the contact questions to who is filling it in', async () => {
    renderApp('/subject-enroll', { handlers: catalogue })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a subject' })
    await userEvent.click(screen.getByRole('radio', { name: 'An adult learner, for myself' }))
    expect(screen.queryByLabelText(/relationship to the learner/, { selector: 'input' })).toBeNull()
    await userEvent.click(screen.getByRole('radio', { name: 'A teacher or support worker, referring a learner' }))
    expect(screen.queryByRole('textbox', { name: /school or service/ })).toBeNull()
    await choose(/relationship to the learner/, 'Teacher')
    expect(screen.getByRole('textbox', { name: /Your school or service/ })).toBeDefined()
  })

  it('links the privacy consent to how the information is used, and leaves marketing optional and unticked', async () => {
    renderApp('/subject-enroll', { handlers: catalogue })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a subject' })
    const consent = screen.getByRole('group', { name: 'Your consent' })
    const link = within(consent).getByRole('link', { name: 'how we use your information' })
    const target = document.getElementById(link.getAttribute('href')!.slice(1))
    expect(target?.textContent).toContain('We use the details in this form only to arrange and run')
    const notice = within(consent).getByRole('link', { name: 'privacy notice (opens in a new tab)' })
    expect([notice.getAttribute('href'), notice.getAttribute('target')]).toEqual(['/privacy-notice', '_blank'])
    expect(within(consent).getByRole('checkbox', { name: /I agree to TEC using these details/ })).toHaveProperty('checked', false)
    expect(within(consent).getByRole('checkbox', { name: /news and offers/ })).toHaveProperty('checked', false)
  })
})

describe('/course-enroll', () => {
  it('preselects the course from the address and offers only the modes it is taught in', async () => {
    renderApp('/course-enroll?courseId=gcse-maths-revision', { handlers: catalogue })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a course' })
    expect(screen.getByLabelText(/^Course/, { selector: 'input' })).toHaveProperty('value', 'GCSE maths revision')
    const modes = screen.getByRole('radiogroup', { name: /How would you like to take it/ })
    expect(within(modes).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['home', 'online'])
    expect(await screen.findByText(/Tuesdays 16:30–17:30/)).toBeDefined()

    // In person needs an emergency contact (and at home the address); online needs neither.
    expect(screen.queryByRole('group', { name: 'Emergency contact' })).toBeNull()
    await userEvent.click(within(modes).getByRole('radio', { name: /At home/ }))
    expect(screen.getByRole('group', { name: 'Emergency contact' })).toBeDefined()
    expect(screen.getByRole('textbox', { name: /Address line 1/ })).toBeDefined()
    await userEvent.click(within(modes).getByRole('radio', { name: /Online/ }))
    expect(screen.queryByRole('group', { name: 'Emergency contact' })).toBeNull()

    // Another course offers its own modes; the choice that no longer fits is cleared.
    await choose(/^Course/, 'Homework club')
    const otherModes = screen.getByRole('radiogroup', { name: /How would you like to take it/ })
    expect(within(otherModes).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['community', 'school'])
    expect(within(otherModes).getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false)
  })

  it('asks for a named intake instead of a date when the visitor prefers one', async () => {
    renderApp('/course-enroll', { handlers: catalogue })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a course' })
    await submit()
    expect(await screen.findByText(MESSAGES.course)).toBeDefined()
    expect(screen.getByText(MESSAGES.startDate)).toBeDefined()
    await userEvent.click(screen.getByRole('radio', { name: 'With a particular intake' }))
    await submit()
    expect(await screen.findByText(MESSAGES.cohort)).toBeDefined()
  })

  it('shows the server’s field messages under their fields, then the receipt with the reference', async () => {
    const bodies: unknown[] = []
    let answer = () => json(400, { message: 'Check the highlighted fields.', fields: { 'contact.email': 'Enter an email address like name@example.com.' } })
    renderApp('/course-enroll?courseId=gcse-maths-revision', {
      handlers: {
        ...catalogue,
        'POST /enrolments/course': async (request) => {
          bodies.push(await request.json())
          return answer()
        },
      },
    })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a course' })
    const date = screen.getByLabelText(/Preferred start date/)
    await userEvent.type(date, tomorrow())
    await userEvent.click(screen.getByRole('radio', { name: /Online/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /Your full name/ }), 'Amina Yusuf')
    await choose(/relationship to the learner/, 'Parent')
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'amina@example.org')
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), '07700 900123')
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }))
    await userEvent.type(screen.getByRole('textbox', { name: /Learner’s full name/ }), 'Zara Yusuf')
    await userEvent.type(screen.getByRole('textbox', { name: /^Age/ }), '15')
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to TEC using these details/ }))
    await submit()

    expect(await screen.findByText('Enter an email address like name@example.com.')).toBeDefined()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Email/ })))
    expect(bodies[0]).toEqual({
      courseId: 'gcse-maths-revision',
      startDate: tomorrow(),
      deliveryMode: 'online',
      contact: { name: 'Amina Yusuf', relationship: 'parent', email: 'amina@example.org', phone: '07700 900123', preferredContact: 'email' },
      student: { name: 'Zara Yusuf', age: 15 },
      privacyConsent: true,
      marketingConsent: false,
      website: '',
    })

    answer = () => json(201, { reference: 'TEC-CRS-7K3Q9P', message: 'Thank you for enrolling. We have emailed you a confirmation.' })
    await submit()
    const receipt = await screen.findByRole('heading', { name: 'Thank you, your place has been requested' })
    expect(screen.getByText('TEC-CRS-7K3Q9P')).toBeDefined()
    await waitFor(() => expect(document.activeElement).toBe(receipt))
  })

  it('shows a failure that is not about one field above the form and keeps the answers', async () => {
    renderApp('/course-enroll?courseId=gcse-maths-revision', {
      handlers: { ...catalogue, 'POST /enrolments/course': () => json(429, { message: 'Too many enrolments from this address. Try again in 20 minutes.' }) },
    })
    await screen.findByRole('heading', { level: 1, name: 'Enrol in a course' })
    await userEvent.type(screen.getByLabelText(/Preferred start date/), tomorrow())
    await userEvent.click(screen.getByRole('radio', { name: /Online/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /Your full name/ }), 'Sam Patel')
    await choose(/relationship to the learner/, 'I am the learner')
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'sam@example.org')
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), '07700 900789')
    await userEvent.click(screen.getByRole('radio', { name: 'Phone call' }))
    await userEvent.type(screen.getByRole('textbox', { name: /Learner’s full name/ }), 'Sam Patel')
    await userEvent.type(screen.getByRole('textbox', { name: /^Age/ }), '34')
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to TEC using these details/ }))
    await submit()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Too many enrolments from this address.')
    expect(screen.getByRole('textbox', { name: /Your full name/ })).toHaveProperty('value', 'Sam Patel')
  })
})

describe('/school-enroll', () => {
  it('shows a message under every required field of an empty form', async () => {
    renderApp('/school-enroll', { handlers: catalogue })
    await screen.findByRole('heading', { level: 1, name: 'Enrol your school' })
    await submit()
    for (const message of [
      MESSAGES.schoolName,
      MESSAGES.schoolType,
      MESSAGES.addressLine1,
      MESSAGES.town,
      MESSAGES.postcode,
      MESSAGES.mainContactName,
      MESSAGES.contactRole,
      MESSAGES.mainContactEmail,
      MESSAGES.mainContactPhone,
      MESSAGES.leadName,
      MESSAGES.leadEmail,
      MESSAGES.yearGroups,
      MESSAGES.pupilCount,
      MESSAGES.schoolDelivery,
      MESSAGES.preferredDays,
      MESSAGES.startTerm,
      MESSAGES.privacyConsent,
    ]) {
      expect(await screen.findByText(message)).toBeDefined()
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /School name/ })))
  })
})
