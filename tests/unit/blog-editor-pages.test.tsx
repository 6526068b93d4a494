import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PostInput, PostRecord, PostRow, PostRowPage } from '@/api/blog-post-records'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'
import { AUTOSAVE_DELAY_MS } from '@/routes/_authenticated/admin/blogs/-components/use-post-save'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const cover = { url: '/api/media/x', width: 800, height: 600, alt: 'Pupils at a whiteboard' }
/** The post's title field, not the title for search engines. */
const TITLE = /^Title\s*\*?$/
const noHistory: Handler = () => json(200, { items: [], total: 0, page: 1, pageSize: 20 })

// jsdom lays nothing out; the post's editor measures the selection to scroll it into view.
beforeAll(() => {
  const box = () => new DOMRect(0, 0, 0, 0)
  Range.prototype.getBoundingClientRect = box
  Range.prototype.getClientRects = () => Object.assign([box()], { item: () => box() }) as unknown as DOMRectList // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion
})

const row = (id: string, title: string, status: PostRow['status'], publishedAt?: string): PostRow => ({
  id,
  slug: title.toLowerCase().replace(/ /g, '-'),
  title,
  status,
  authorName: 'Ada Admin',
  cover,
  ...(publishedAt ? { publishedAt } : {}),
  updatedAt: '2026-11-22T05:07:46.710Z',
})
const goodStart = row('7a0c1a52-1d55-4f7a-9d3b-7f1f4f1d0a01', 'A good start', 'published', '2026-11-20T09:00:00.000Z')
const termDates = row('7a0c1a52-1d55-4f7a-9d3b-7f1f4f1d0a02', 'Term dates', 'scheduled', '2026-12-01T09:00:00.000Z')
const readingTips = row('7a0c1a52-1d55-4f7a-9d3b-7f1f4f1d0a03', 'Reading tips', 'draft')
const rowPage = (items: PostRow[]): PostRowPage => ({ items, total: items.length, page: 1, pageSize: 20, counts: { draft: 1, scheduled: 1, published: 1 } })

const fields: PostInput = {
  title: 'Reading tips',
  slug: 'reading-tips',
  excerpt: '',
  bodyHtml: '<p>Read every day.</p>',
  authorName: 'Ada Admin',
  seoTitle: '',
  seoDescription: '',
}
const draft: PostRecord = {
  id: readingTips.id,
  version: 3,
  status: 'draft',
  fields,
  missing: { excerpt: 'Write the excerpt: the lines the blog list shows under the title.', coverId: 'Choose a cover image from the media library.' },
  publicPath: '/blog/reading-tips',
  createdAt: '2026-11-22T05:07:46.710Z',
  updatedAt: '2026-11-22T05:07:46.710Z',
}
const published: PostRecord = {
  ...draft,
  id: goodStart.id,
  status: 'published',
  fields: { ...fields, title: 'A good start', slug: 'a-good-start', excerpt: 'How the first term went.', coverId: 'a'.repeat(64) },
  cover,
  missing: {},
  publicPath: '/blog/a-good-start',
  publishedAt: '2026-11-20T09:00:00.000Z',
}

/** A PUT to the post: the body and the version it was sent with, answered with the post one version on. */
function recordingUpdates(record: PostRecord) {
  const updates: { body: PostInput; version: string | null }[] = []
  const handler: Handler = async (request) => {
    const body = (await request.json()) as PostInput
    updates.push({ body, version: request.headers.get('If-Match') })
    return json(200, { ...record, version: record.version + updates.length, fields: body })
  }
  return { updates, handler }
}

// A test that moves the clock hands it back, whatever its outcome.
describe('/admin/blogs', () => {
  it('lists the posts with their status counts and a way to write one', async () => {
    renderApp('/admin/blogs', { ...signedInAdmin, handlers: { 'GET /admin/blog-posts': () => json(200, rowPage([goodStart, termDates, readingTips])) } })

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeDefined()
    const table = await screen.findByRole('table', { name: 'Blog posts' })
    expect(within(table).getByRole('link', { name: 'A good start' }).getAttribute('href')).toBe(`/admin/blogs/${goodStart.id}`)
    expect(within(table).getByText('Scheduled')).toBeDefined()
    expect(within(table).getByText(/^Due /)).toBeDefined()
    expect(screen.getByRole('radio', { name: 'All posts (3)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'Draft (1)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'Scheduled (1)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'Published (1)' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Write a post' }).getAttribute('href')).toBe('/admin/blogs/new')
  })
})

describe('a new post', () => {
  it('makes the address from the title, names the signed-in author and opens the editor on the new draft', async () => {
    const created: unknown[] = []
    renderApp('/admin/blogs/new', {
      ...signedInAdmin,
      handlers: {
        'POST /admin/blog-posts': async (request) => {
          created.push(await request.json())
          return json(201, { ...draft, fields: { ...fields, title: 'Café Maths & Reading', slug: 'cafe-maths-and-reading', bodyHtml: '' } })
        },
        [`GET /admin/blog-posts/${draft.id}`]: () => json(200, { ...draft, fields: { ...fields, title: 'Café Maths & Reading', slug: 'cafe-maths-and-reading', bodyHtml: '' } }),
      },
    })
    const title = await screen.findByRole('textbox', { name: TITLE })
    const slug = screen.getByRole<HTMLInputElement>('textbox', { name: /^Address/ })
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Author/ }).value).toBe('Ada Admin')
    await userEvent.type(title, 'Café Maths & Reading')
    expect(slug.value).toBe('cafe-maths-and-reading')
    expect(screen.getByText(/\/blog\/cafe-maths-and-reading/)).toBeDefined()

    await userEvent.click(screen.getByRole('button', { name: 'Start the draft' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Café Maths & Reading' })).toBeDefined()
    expect(created).toEqual([
      { title: 'Café Maths & Reading', slug: 'cafe-maths-and-reading', excerpt: '', bodyHtml: '', authorName: 'Ada Admin', seoTitle: '', seoDescription: '' },
    ])
  })
})

describe('the post editor', () => {
  it('saves a draft on its own once typing pauses, each time with the version the last save answered', async () => {
    const { updates, handler } = recordingUpdates(draft)
    renderApp(`/admin/blogs/${draft.id}/edit`, {
      ...signedInAdmin,
      handlers: { [`GET /admin/blog-posts/${draft.id}`]: () => json(200, draft), [`PUT /admin/blog-posts/${draft.id}`]: handler, 'GET /admin/history': noHistory },
    })
    const title = await screen.findByRole('textbox', { name: TITLE })
    expect(screen.queryByRole('button', { name: 'Save the changes' })).toBeNull()
    expect(screen.getByRole('textbox', { name: /^Text of the post/ })).toBeDefined()
    expect(screen.getByText(/Leave empty to use the title/)).toBeDefined()

    await userEvent.type(title, ' for parents')
    expect(updates).toEqual([])
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Saved at \d\d:\d\d$/))
    expect(updates).toEqual([{ body: { ...fields, title: 'Reading tips for parents' }, version: '"3"' }])

    await userEvent.type(screen.getByRole('textbox', { name: /^Excerpt/ }), 'Ten minutes a day.')
    await waitFor(() => expect(updates).toHaveLength(2))
    expect(updates[1]).toEqual({ body: { ...fields, title: 'Reading tips for parents', excerpt: 'Ten minutes a day.' }, version: '"4"' })

    // Leaving before the pause is over saves first, without asking.
    await userEvent.type(screen.getByRole('textbox', { name: /^Author/ }), ' and Tom')
    await userEvent.click(screen.getByRole('link', { name: 'Back to the post' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading tips for parents' })).toBeDefined()
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
    expect(updates).toHaveLength(3)
    expect(updates[2]).toEqual({ body: { ...fields, title: 'Reading tips for parents', excerpt: 'Ten minutes a day.', authorName: 'Ada Admin and Tom' }, version: '"5"' })
  })

  it('saves a published post only when asked, and asks before leaving with changes unsaved', async () => {
    // The clock runs as usual, and the test moves it past a draft's pause instead of waiting that long.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { updates, handler } = recordingUpdates(published)
    renderApp(`/admin/blogs/${published.id}/edit`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/blog-posts/${published.id}`]: () => json(200, published),
        [`PUT /admin/blog-posts/${published.id}`]: handler,
        'GET /admin/history': noHistory,
      },
    })
    const title = await screen.findByRole('textbox', { name: TITLE })
    expect(screen.getByText('Alt text')).toBeDefined()
    expect(screen.getByText('Pupils at a whiteboard')).toBeDefined()
    await userEvent.type(title, ' at TEC')
    expect(screen.getByRole('status').textContent).toBe('Changes not saved yet.')
    // Longer than a draft waits before saving on its own.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 600))
    expect(updates).toEqual([])

    await userEvent.click(screen.getByRole('link', { name: 'Back to the post' }))
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await userEvent.click(within(leave).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull())
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: TITLE }).value).toBe('A good start at TEC')

    await userEvent.click(screen.getByRole('button', { name: 'Save the changes' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Saved at/))
    expect(updates).toEqual([{ body: { ...published.fields, title: 'A good start at TEC' }, version: '"3"' }])
  })

  it('stops saving when someone else saved the post first, and offers to reload it', async () => {
    renderApp(`/admin/blogs/${draft.id}/edit`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/blog-posts/${draft.id}`]: () => json(200, draft),
        [`PUT /admin/blog-posts/${draft.id}`]: () => json(409, { message: 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.' }),
      },
    })
    await userEvent.type(await screen.findByRole('textbox', { name: TITLE }), '!')
    // Found by its title: an earlier test's toast may still be on screen, and it is an alert too.
    const alert = (await screen.findByText('Someone else changed this post while you were editing it')).closest<HTMLElement>('[role="alert"]')
    expect(alert).not.toBeNull()
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Reload the post' })).toBeDefined()
    expect(screen.getByRole('status').textContent).toBe('Not saved: someone else changed this post.')
  })
})

describe('a post’s page', () => {
  it('lists what a draft still needs, and shows each missing part when publishing is refused', async () => {
    const changes: unknown[] = []
    renderApp(`/admin/blogs/${draft.id}`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/blog-posts/${draft.id}`]: () => json(200, draft),
        'GET /admin/history': noHistory,
        [`PUT /admin/blog-posts/${draft.id}/status`]: async (request) => {
          changes.push({ body: (await request.json()) as unknown, version: request.headers.get('If-Match') })
          return json(409, {
            message: 'The post is not ready to publish yet: see what each part needs.',
            fields: { excerpt: 'Write the excerpt: the lines the blog list shows under the title.', coverId: 'Choose a cover image from the media library.' },
          })
        },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading tips' })).toBeDefined()
    expect(screen.getByText('Before it can be published')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe(`/admin/blogs/${draft.id}/preview`)
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDefined()

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish Reading tips?' })
    expect(within(dialog).getByText(/goes on the blog at once/)).toBeDefined()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish the post' }))
    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toContain('The post is not ready to publish yet')
    expect(within(refusal).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Write the excerpt: the lines the blog list shows under the title.',
      'Choose a cover image from the media library.',
    ])
    expect(changes).toEqual([{ body: { status: 'published' }, version: '"3"' }])
  })

  it('previews a draft as the blog would show it, with a banner saying it is not on the site yet', async () => {
    renderApp(`/admin/blogs/${draft.id}/preview`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/blog-posts/${draft.id}/preview`]: () =>
          json(200, { status: 'draft', post: { id: 'reading-tips', title: 'Reading tips', excerpt: '', authorName: 'Ada Admin', bodyHtml: '<p>Read every day.</p>' } }),
      },
    })
    expect(await screen.findByText('Preview: this draft is not on the site yet')).toBeDefined()
    expect(screen.getByRole('heading', { level: 1, name: 'Reading tips' })).toBeDefined()
    expect(screen.getByText('Read every day.')).toBeDefined()
    expect(screen.getByText('No cover image yet: choose one before publishing.')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Back to the editor' }).getAttribute('href')).toBe(`/admin/blogs/${draft.id}/edit`)
  })
})
