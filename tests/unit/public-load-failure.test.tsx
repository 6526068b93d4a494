import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { CourseSummary } from '@/api/courses'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const course: CourseSummary = {
  id: 'gcse-maths',
  title: 'GCSE Maths',
  summary: 'GCSE Maths with a TEC tutor.',
  level: 'Ages 14–16 (GCSE)',
  subjects: ['Maths'],
  modes: ['online'],
  duration: '10 weeks',
  image: { url: '/api/media/x', width: 800, height: 600, alt: 'Pupils at a whiteboard' },
  featured: false,
}
const SERVER_TEXT = 'The service is briefly unavailable (upstream pool exhausted).'

// A 5xx is retried twice (1 s, then 2 s) before the page gives up.
describe('a public page whose content the API cannot give', () => {
  it('names what it could not load in plain words, and Try again loads it', async () => {
    let failing = true
    renderApp('/courses', {
      handlers: { 'GET /courses': () => (failing ? json(503, { message: SERVER_TEXT }) : json(200, { items: [course] })) },
    })
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(within(alert).getByRole('heading', { level: 1, name: "We couldn't load the courses just now" })).toBeDefined()
    expect(within(alert).getByText('Check your internet connection and try again, or come back in a few minutes.')).toBeDefined()
    expect(screen.queryByText(SERVER_TEXT)).toBeNull()
    expect(screen.queryByText('Unexpected Application Error')).toBeNull()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)

    failing = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'GCSE Maths' })).toBeDefined()
  })

  it('says the same when the server cannot be reached, naming the page’s own content', async () => {
    renderApp('/blog/first-post', {
      handlers: {
        'GET /blog-posts/first-post': () => Promise.reject(new TypeError('Failed to fetch')),
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't load this post just now" }, { timeout: 10_000 })).toBeDefined()
    expect(screen.queryByText(/could not reach the server/)).toBeNull()
  })

  it('still shows the not-found page when the API answers 404', async () => {
    renderApp('/blog/no-such-post', { handlers: { 'GET /blog-posts/no-such-post': () => json(404, { message: 'No such post.' }) } })
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find that blog post' })).toBeDefined()
    expect(screen.queryByText(/We couldn't load/)).toBeNull()
  })

  it('keeps "Unexpected Application Error" for a page that fails to render', async () => {
    // An answer the page cannot draw (no list at all): a fault in the site, not in the connection.
    // React reports the fault on the console; the page is what this test is about.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp('/courses', { handlers: { 'GET /courses': () => json(200, {}) } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeDefined()
    expect(screen.queryByText(/We couldn't load/)).toBeNull()
    quiet.mockRestore()
  })
})
