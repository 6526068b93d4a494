import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MediaItem } from '@/api/media'
import { limitConcurrency } from '@/routes/_authenticated/-components/media-uploads'
import { formatBytes, usedIn } from '@/routes/_authenticated/admin/settings/-components/media-words'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const id = 'a'.repeat(64)

const photo: MediaItem = {
  id,
  version: 3,
  image: { url: `/api/media/${id}?v=3`, width: 1600, height: 1200, alt: '', srcset: `/api/media/${id}?v=3&width=640 640w` },
  fileName: 'garden-lesson.jpg',
  contentType: 'image/jpeg',
  bytes: 2_516_582,
  alt: '',
  caption: '',
  ready: false,
  usedBy: [],
  createdAt: '2026-03-03T14:05:00.000Z',
  updatedAt: '2026-03-03T14:05:00.000Z',
}

const ready: MediaItem = {
  ...photo,
  id: 'b'.repeat(64),
  fileName: 'reading-corner.png',
  contentType: 'image/png',
  alt: 'Two children reading on beanbags',
  caption: 'The reading corner at Riverside',
  ready: true,
  usedBy: [{ kind: 'course_image', id: '6fd2e697-2f52-422a-9e73-de05270613fd', title: 'GCSE Maths' }],
}

describe('limitConcurrency', () => {
  it('runs at most the limit at once, in order, and starts the next as one ends', async () => {
    const limit = limitConcurrency(2)
    const started: number[] = []
    const finish = new Map<number, () => void>()
    const end = (n: number) => finish.get(n)?.()
    const results = [1, 2, 3, 4].map((n) =>
      limit(
        () =>
          new Promise<number>((resolve) => {
            started.push(n)
            finish.set(n, () => resolve(n))
          }),
      ),
    )
    await Promise.resolve()
    expect(started).toEqual([1, 2])
    end(2)
    await results[1]
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(started).toEqual([1, 2, 3])
    end(1)
    end(3)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(started).toEqual([1, 2, 3, 4])
    end(4)
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4])
  })

  it('goes on after a task fails', async () => {
    const limit = limitConcurrency(1)
    const failed = limit(() => Promise.reject(new Error('refused')))
    const next = limit(() => Promise.resolve('sent'))
    await expect(failed).rejects.toThrow('refused')
    expect(await next).toBe('sent')
  })
})

describe('media words', () => {
  it('gives sizes and uses in words', () => {
    expect(formatBytes(2_516_582)).toBe('2.4 MB')
    expect(formatBytes(655_360)).toBe('640 KB')
    expect(formatBytes(12)).toBe('1 KB')
    expect(usedIn(0)).toBe('Not used yet')
    expect(usedIn(1)).toBe('Used in 1 place')
    expect(usedIn(3)).toBe('Used in 3 places')
  })
})

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('the media library', () => {
  it('is a section of Settings, beside the account', async () => {
    renderApp('/admin/settings', { ...signedInAdmin, handlers: { 'GET /auth/me': () => json(200, admin) } })
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeDefined()
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(nav).getByRole('link', { name: 'Your account' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Media library' }).getAttribute('aria-current')).toBeNull()
  })

  it('shows the images as cards, marks those missing details, and keeps the filter in the address', async () => {
    const asked: URLSearchParams[] = []
    const { router } = renderApp('/admin/settings/media', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/media': (request) => {
          const query = new URL(request.url).searchParams
          asked.push(query)
          const items = query.get('ready') === 'false' ? [photo] : [photo, ready]
          return json(200, { items, total: items.length, page: 1, pageSize: 20 })
        },
      },
    })
    const grid = await screen.findByRole('list', { name: 'Images' })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2)
    const [first, second] = within(grid).getAllByRole('listitem')
    if (!first || !second) throw new Error('expected two cards')
    expect(within(first).getByText('Needs alt text and caption')).toBeDefined()
    expect(within(second).queryByText('Needs alt text and caption')).toBeNull()
    expect(within(second).getByText('Used in 1 place')).toBeDefined()
    expect(within(second).getByRole('img', { name: 'Two children reading on beanbags' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Media library' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Your account' }).getAttribute('aria-current')).toBeNull()
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeDefined()
    expect(screen.getByText('Drop images here, or click to choose them')).toBeDefined()
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeDefined()

    await userEvent.click(screen.getByRole('radio', { name: 'Needs details' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ready: 'no' }))
    await waitFor(() => expect(asked.at(-1)?.get('ready')).toBe('false'))
  })

  it('says how to begin when the library is empty', async () => {
    renderApp('/admin/settings/media', { ...signedInAdmin, handlers: { 'GET /admin/media': () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }) } })
    expect(await screen.findByText(/Upload the first photo/)).toBeDefined()
  })

  it('saves the alt text and caption with the version it was read at', async () => {
    let sent: { ifMatch: string | null; body: unknown } | undefined
    renderApp(`/admin/settings/media/${id}`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/media/${id}`]: () => json(200, photo),
        [`PATCH /admin/media/${id}`]: async (request) => {
          const body = (await request.json()) as { alt: string; caption: string }
          sent = { ifMatch: request.headers.get('If-Match'), body }
          return json(200, { ...photo, ...body, version: 4, ready: true })
        },
      },
    })
    await screen.findByRole('heading', { name: 'garden-lesson.jpg', level: 1 })
    expect(screen.getByText('2.4 MB')).toBeDefined()
    expect(screen.getByText('1600 × 1200 pixels')).toBeDefined()
    expect(screen.getByText('No page uses this image yet.')).toBeDefined()
    await userEvent.type(screen.getByRole('textbox', { name: /^Alt text/ }), 'Children planting beans in the school garden')
    await userEvent.type(screen.getByRole('textbox', { name: /^Caption/ }), 'Science outdoors')
    await userEvent.click(screen.getByRole('button', { name: 'Save alt text and caption' }))
    expect(await screen.findByText('The changes have been saved')).toBeDefined()
    expect(sent?.body).toEqual({ alt: 'Children planting beans in the school garden', caption: 'Science outdoors' })
    expect(sent?.ifMatch).toContain('3')
    await waitFor(() => expect(screen.queryByText('Needs alt text and caption')).toBeNull())
  })

  it('shows the server’s reason in the dialog when an image in use cannot be deleted', async () => {
    renderApp(`/admin/settings/media/${ready.id}`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/media/${ready.id}`]: () => json(200, ready),
        [`DELETE /admin/media/${ready.id}`]: () => json(409, { message: 'This image is still used by the course GCSE Maths.' }),
      },
    })
    await screen.findByRole('heading', { name: 'reading-corner.png', level: 1 })
    expect(screen.getByRole('link', { name: 'GCSE Maths' })).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete reading-corner.png?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the image' }))
    expect(await within(dialog).findByText('This image is still used by the course GCSE Maths.')).toBeDefined()
  })
})
