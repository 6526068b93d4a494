import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CourseRecord, CourseRow, CourseRowPage } from '@/api/course-records'
import type { CourseSummary } from '@/api/courses'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const image = { url: '/api/media/x', width: 800, height: 600, alt: 'Pupils at a whiteboard' }

// jsdom lays nothing out; the description's editor measures the selection to scroll it into view.
beforeAll(() => {
  const box = () => new DOMRect(0, 0, 0, 0)
  Range.prototype.getBoundingClientRect = box
  Range.prototype.getClientRects = () => Object.assign([box()], { item: () => box() }) as unknown as DOMRectList // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion
})

const row = (id: string, title: string, featured: boolean, status: CourseRow['status'] = 'published'): CourseRow => ({
  id,
  slug: title.toLowerCase().replace(/ /g, '-'),
  title,
  status,
  featured,
  modes: ['online'],
  subjects: ['Maths'],
  level: 'Ages 14–16 (GCSE)',
  image,
  enrolments: 2,
  placements: 1,
  updatedAt: '2026-11-22T05:07:46.710Z',
})
const maths = row('6f0c1a52-1d55-4f7a-9d3b-7f1f4f1d0a01', 'GCSE Maths Revision', true)
const reading = row('6f0c1a52-1d55-4f7a-9d3b-7f1f4f1d0a02', 'Early Reading', true, 'draft')
const club = row('6f0c1a52-1d55-4f7a-9d3b-7f1f4f1d0a03', 'Homework Club', false)
const rowPage = (items: CourseRow[]): CourseRowPage => ({ items, total: items.length, page: 1, pageSize: 20, counts: { draft: 1, published: 2, archived: 0 } })

describe('/admin/courses', () => {
  it('lists the courses with status counts, and saves a new featured order at each move', async () => {
    const orders: unknown[] = []
    const handlers: Record<string, Handler> = {
      'GET /admin/courses': () => json(200, rowPage([maths, reading, club])),
      'PUT /admin/courses/featured-order': async (request) => {
        orders.push(await request.json())
        return json(409, { message: 'The featured courses changed since you opened the list. Reload it and put them in order again.' })
      },
    }
    renderApp('/admin/courses', { ...signedInAdmin, handlers })

    const table = await screen.findByRole('table', { name: 'Courses' })
    expect(within(table).getByRole('link', { name: 'GCSE Maths Revision' }).getAttribute('href')).toBe(`/admin/courses/${maths.id}`)
    expect(screen.getByRole('radio', { name: 'All courses (3)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'Draft (1)' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Add a course' }).getAttribute('href')).toBe('/admin/courses/new')

    const featured = screen.getByRole('region', { name: 'Featured on the home page' })
    expect((await within(featured).findAllByRole('listitem')).map((item) => item.textContent)).toEqual([expect.stringContaining('GCSE Maths Revision'), expect.stringContaining('Early Reading')])
    expect(within(featured).getByRole<HTMLButtonElement>('button', { name: 'Move GCSE Maths Revision up' }).disabled).toBe(true)
    await userEvent.click(within(featured).getByRole('button', { name: 'Move Early Reading up' }))

    await waitFor(() => expect(orders).toEqual([{ courseIds: [reading.id, maths.id] }]))
    expect(await within(featured).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('The featured courses changed since you opened the list.'))
    // Refused: the list shows the order the server has.
    await waitFor(() => expect(within(featured).getAllByRole('listitem')[0]?.textContent).toContain('GCSE Maths Revision'))
  })
})

const record: CourseRecord = {
  id: maths.id,
  version: 3,
  status: 'published',
  fields: {
    title: 'GCSE Maths Revision',
    slug: 'gcse-maths-revision',
    modes: ['online'],
    subjects: ['Maths'],
    level: 'Ages 14–16 (GCSE)',
    summary: 'Ten weeks of revision.',
    descriptionHtml: '<p>Past papers and practice.</p>',
    cost: 'Free',
    duration: '10 weekly sessions of 60 minutes',
    schedule: 'Tuesdays 16:30–17:30',
    imageId: 'a'.repeat(64),
    featured: true,
  },
  image,
  enrolments: 2,
  placements: 0,
  publicPath: '/courses/gcse-maths-revision',
  createdAt: '2026-11-22T05:07:46.710Z',
  updatedAt: '2026-11-22T05:07:46.710Z',
}

describe('the course form', () => {
  it('makes the address from the title until it is edited by hand', async () => {
    renderApp('/admin/courses/new', { ...signedInAdmin, handlers: { 'GET /subjects': () => json(200, { items: ['Maths'] }) } })
    const title = await screen.findByRole('textbox', { name: /^Title/ })
    const slug = screen.getByRole<HTMLInputElement>('textbox', { name: /^Address/ })
    await userEvent.type(title, 'Café Maths & Reading')
    expect(slug.value).toBe('cafe-maths-and-reading')
    expect(screen.getByText(/\/courses\/cafe-maths-and-reading/)).toBeDefined()
    await userEvent.clear(slug)
    await userEvent.type(slug, 'maths-cafe')
    await userEvent.type(title, ' Club')
    expect(slug.value).toBe('maths-cafe')
    expect(screen.getByRole('textbox', { name: /^Description/ })).toBeDefined()
    expect(screen.getByRole('button', { name: 'Insert image' })).toBeDefined()
  })

  it('shows a taken address at the address field, with the one the server suggests', async () => {
    const sent: unknown[] = []
    renderApp(`/admin/courses/${record.id}/edit`, {
      ...signedInAdmin,
      handlers: {
        'GET /subjects': () => json(200, { items: ['Maths'] }),
        [`GET /admin/courses/${record.id}`]: () => json(200, record),
        [`PUT /admin/courses/${record.id}`]: async (request) => {
          sent.push(await request.json())
          return json(409, {
            message: 'Another course has this address. Choose another one.',
            fields: { slug: 'Another course, “Maths”, has this address. Try gcse-maths-revision-2.' },
          })
        },
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Save the changes' }))
    const slug = screen.getByRole('textbox', { name: /^Address/ })
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Another course, “Maths”, has this address. Try gcse-maths-revision-2.')).toBeDefined()
    expect(sent).toEqual([{ ...record.fields }])
  })
})

describe('a course’s page', () => {
  it('shows its status, where it is on the site and its moves, and explains a refused delete', async () => {
    const changes: unknown[] = []
    renderApp(`/admin/courses/${record.id}`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/courses/${record.id}`]: () => json(200, record),
        'GET /admin/history': () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }),
        [`PUT /admin/courses/${record.id}/status`]: async (request) => {
          changes.push({ body: (await request.json()) as unknown, version: request.headers.get('If-Match') })
          return json(200, { ...record, version: 4, status: 'archived' })
        },
        [`DELETE /admin/courses/${record.id}`]: () =>
          json(409, { message: 'This course has 2 enrolments on record, so it cannot be deleted. Archive it instead: it leaves the site and its records stay.' }),
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'GCSE Maths Revision' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'View on the site' }).getAttribute('href')).toBe('/courses/gcse-maths-revision')
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/admin/courses/${record.id}/edit`)
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeDefined()

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete GCSE Maths Revision?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the course' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Archive it instead')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))

    await userEvent.click(screen.getByRole('button', { name: 'Archive' }))
    const archive = await screen.findByRole('dialog', { name: 'Archive GCSE Maths Revision?' })
    await userEvent.click(within(archive).getByRole('button', { name: 'Archive the course' }))
    await waitFor(() => expect(changes).toEqual([{ body: { status: 'archived' }, version: `"${record.version}"` }]))
  })
})

const summary = (id: string, title: string, modes: CourseSummary['modes'], subjects: string[]): CourseSummary => ({
  id,
  title,
  summary: `${title} with a TEC tutor.`,
  level: 'Ages 14–16 (GCSE)',
  subjects,
  modes,
  duration: '10 weeks',
  image,
  featured: false,
})

describe('/courses', () => {
  it('lists every published course and filters them by mode and subject in the address', async () => {
    const all = [summary('gcse-maths', 'GCSE Maths', ['online', 'home'], ['Maths']), summary('reading', 'Reading Club', ['community'], ['English'])]
    const asked: string[] = []
    const { router } = renderApp('/courses', {
      handlers: {
        'GET /courses': (request) => {
          const query = new URL(request.url).searchParams
          asked.push(query.toString())
          const mode = query.get('mode')
          const subject = query.get('subject')
          return json(200, { items: all.filter((course) => (!mode || course.modes.includes(mode as never)) && (!subject || course.subjects.includes(subject))) })
        },
      },
    })
    expect(await screen.findByRole('heading', { name: 'All courses' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'GCSE Maths' }).getAttribute('href')).toBe('/courses/gcse-maths')
    expect(screen.getByRole('link', { name: 'Reading Club' })).toBeDefined()

    await userEvent.click(screen.getByRole('radio', { name: 'Online' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ mode: 'online' }))
    expect(await screen.findByRole('heading', { name: 'Courses taught online' })).toBeDefined()
    expect(screen.queryByRole('link', { name: 'Reading Club' })).toBeNull()
    expect(asked).toContain('mode=online')

    await router.navigate({ to: '/courses', search: { mode: 'online', subject: 'English' } })
    const results = await screen.findByRole('region', { name: 'English courses taught online' })
    expect(within(results).getByText('No course is taught that way yet')).toBeDefined()
    expect(within(results).getByRole('link', { name: 'Enrol in a subject' }).getAttribute('href')).toBe('/subject-enroll')
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }))
    expect(await screen.findByRole('heading', { name: 'All courses' })).toBeDefined()
  })

  it('still shows one course at /courses/<slug>, and an unknown one leads to every course', async () => {
    renderApp('/courses/no-such-course', { handlers: { 'GET /courses/no-such-course': () => json(404, { message: 'We could not find that course.' }) } })
    expect((await screen.findByRole('link', { name: 'See all courses' })).getAttribute('href')).toBe('/courses')
  })
})
