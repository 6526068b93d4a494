import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { GalleryRecord } from '@/api/gallery-records'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const photo = (n: number, shown = true): GalleryRecord => ({
  id: `6f0c1a52-1d55-4f7a-9d3b-7f1f4f1d0b0${n}`,
  version: 1,
  mediaId: String(n).repeat(64),
  image: { url: `/api/media/${String(n).repeat(64)}?v=1`, width: 1200, height: 800, alt: `Alt text ${n}` },
  fileName: `photo-${n}.jpg`,
  caption: `Caption ${n}`,
  libraryCaption: `Caption ${n}`,
  shown,
  updatedAt: '2026-11-24T05:07:46.710Z',
})

describe('/admin/settings/gallery', () => {
  it('says what to do when the gallery is empty', async () => {
    renderApp('/admin/settings/gallery', { ...signedInAdmin, handlers: { 'GET /admin/gallery': () => json(200, { items: [] }) } })
    await screen.findByText('The gallery is empty')
    expect(screen.getByText(/Add a photo from the media library/)).toBeDefined()
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeDefined()
    expect(screen.getByText('0 shown · 0 hidden')).toBeDefined()
  })

  it('shows the move at once, and when refused says so and shows the order the server holds', async () => {
    const sent: unknown[] = []
    let reads = 0
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const handlers: Record<string, Handler> = {
      // Someone else moved photo 3 first meanwhile: the second read has their order.
      'GET /admin/gallery': () => json(200, { items: ++reads === 1 ? [photo(1), photo(2, false), photo(3)] : [photo(3), photo(1), photo(2, false)] }),
      'PUT /admin/gallery/order': async (request) => {
        sent.push(await request.json())
        await answered
        return json(409, { message: 'Someone added or took out a photo while you were moving them. The gallery has been reloaded; move them again.' })
      },
    }
    renderApp('/admin/settings/gallery', { ...signedInAdmin, handlers })
    const list = await screen.findByRole('list', { name: 'Photos in the gallery, first to last' })
    expect(screen.getByText('2 shown · 1 hidden')).toBeDefined()
    const captions = () => within(list).getAllByRole('textbox').map((field) => (field as HTMLTextAreaElement).value)
    expect(captions()).toEqual(['Caption 1', 'Caption 2', 'Caption 3'])
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move photo-1.jpg up' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /^Show on the gallery \(photo-2\.jpg\)/ }).checked).toBe(false)

    await userEvent.click(screen.getByRole('button', { name: 'Move photo-3.jpg up' }))
    expect(captions()).toEqual(['Caption 1', 'Caption 3', 'Caption 2'])
    await waitFor(() => expect(sent).toEqual([{ galleryItemIds: [photo(1).id, photo(3).id, photo(2).id] }]))
    answer()
    expect((await screen.findByRole('alert')).textContent).toContain('Someone added or took out a photo while you were moving them.')
    await waitFor(() => expect(captions()).toEqual(['Caption 3', 'Caption 1', 'Caption 2']))
  })

  it('checks a caption before sending it, and sends the photo’s version with the change', async () => {
    const sent: { body: unknown; ifMatch: string | null }[] = []
    const handlers: Record<string, Handler> = {
      'GET /admin/gallery': () => json(200, { items: [photo(1)] }),
      'PUT /admin/gallery/6f0c1a52-1d55-4f7a-9d3b-7f1f4f1d0b01': async (request) => {
        sent.push({ body: await request.json(), ifMatch: request.headers.get('if-match') })
        return json(200, { ...photo(1), caption: 'New words', version: 2 })
      },
    }
    renderApp('/admin/settings/gallery', { ...signedInAdmin, handlers })
    const caption = await screen.findByRole('textbox', { name: /^Caption of photo-1\.jpg/ })
    await userEvent.clear(caption)
    await userEvent.type(caption, '   ')
    await userEvent.click(screen.getByRole('button', { name: 'Save the caption of photo-1.jpg' }))
    await screen.findByText('Write the line that goes under the photo on the gallery.')
    expect(sent).toEqual([])
    await userEvent.clear(caption)
    await userEvent.type(caption, 'New words ')
    await userEvent.click(screen.getByRole('button', { name: 'Save the caption of photo-1.jpg' }))
    await waitFor(() => expect(sent).toEqual([{ body: { caption: 'New words', shown: true }, ifMatch: '"1"' }]))
  })

  it('never saves over a caption someone else changed: the 409 shows theirs, keeps the words typed, and a second save replaces it', async () => {
    const sent: { body: unknown; ifMatch: string | null }[] = []
    let theirsSaved = false
    const handlers: Record<string, Handler> = {
      'GET /admin/gallery': () => json(200, { items: [theirsSaved ? { ...photo(1), caption: 'Their words', version: 2 } : photo(1)] }),
      'PUT /admin/gallery/6f0c1a52-1d55-4f7a-9d3b-7f1f4f1d0b01': async (request) => {
        sent.push({ body: await request.json(), ifMatch: request.headers.get('if-match') })
        if (sent.length === 1) {
          theirsSaved = true
          return json(409, { message: 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.' })
        }
        return json(200, { ...photo(1), caption: 'My words', version: 3 })
      },
    }
    renderApp('/admin/settings/gallery', { ...signedInAdmin, handlers })
    const caption = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: /^Caption of photo-1\.jpg/ })
    await userEvent.clear(caption)
    await userEvent.type(caption, 'My words')
    await userEvent.click(screen.getByRole('button', { name: 'Save the caption of photo-1.jpg' }))
    const warning = await screen.findByRole('alert')
    expect(warning.textContent).toContain('While you were writing, this caption was saved as “Their words”.')
    expect(caption.value).toBe('My words')
    expect(sent[0]?.ifMatch).toBe('"1"')

    await userEvent.click(screen.getByRole('button', { name: 'Save the caption of photo-1.jpg' }))
    await waitFor(() => expect(sent[1]).toEqual({ body: { caption: 'My words', shown: true }, ifMatch: '"2"' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save the caption of photo-1.jpg' })).toBeNull())
  })
})
