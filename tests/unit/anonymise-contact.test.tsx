import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

type Schemas = components['schemas']

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const email = 'priya@example.org'
const held: Schemas['PersonalDataMatches'] = {
  email,
  learners: [{ id: '0b8e7a4e-5f55-4c55-9a49-1f6f3c6c1d2b', name: 'Anya Shah' }],
  registrations: [],
  schoolContacts: [],
  accounts: [],
  messages: 1,
  mail: 2,
  contactName: 'Priya Shah',
}
const placed = 'A learner this person is the contact for still has 1 current placement. End it first, or change the learner’s contact.'

function requestsPage(matches: Schemas['PersonalDataMatches'], anonymiseAnswer: () => Response = () => new Response(null, { status: 204 })) {
  const sent: unknown[] = []
  renderApp(`/admin/settings/personal-data?email=${encodeURIComponent(email)}`, {
    ...signedInAdmin,
    handlers: {
      'GET /admin/personal-data/matches': () => json(200, matches),
      'POST /admin/contacts/anonymise': async (request) => {
        sent.push(await request.json())
        return anonymiseAnswer()
      },
    },
  })
  return sent
}

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('anonymising a contact person from Personal data requests', () => {
  it('asks for the contact’s name typed, then anonymises the address', async () => {
    const sent = requestsPage(held)
    await userEvent.click(await screen.findByRole('button', { name: 'Anonymise this contact' }))
    const dialog = await screen.findByRole('dialog', { name: 'Anonymise Priya Shah?' })
    const confirm = within(dialog).getByRole('button', { name: 'Anonymise' })
    expect(confirm.hasAttribute('disabled')).toBe(true)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type Priya Shah to confirm' }), 'priya shah')
    expect(confirm.hasAttribute('disabled')).toBe(false)
    await userEvent.click(confirm)
    expect(await screen.findByText('Anonymised. The learners keep their own records.')).toBeDefined()
    expect(sent).toEqual([{ email, confirmName: 'priya shah' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anonymise Priya Shah?' })).toBeNull())
  })

  it('shows the server’s reason for refusing in the dialog', async () => {
    requestsPage(held, () => json(409, { message: placed }))
    await userEvent.click(await screen.findByRole('button', { name: 'Anonymise this contact' }))
    const dialog = await screen.findByRole('dialog', { name: 'Anonymise Priya Shah?' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type Priya Shah to confirm' }), 'Priya Shah')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anonymise' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(placed)
  })

  it('is not offered for an address that is no contact person’s', async () => {
    const { contactName: _none, ...noContact } = held
    requestsPage({ ...noContact, learners: [], messages: 0 })
    await screen.findByRole('heading', { name: `Everything held under ${email}` })
    expect(screen.queryByRole('button', { name: 'Anonymise this contact' })).toBeNull()
  })
})
