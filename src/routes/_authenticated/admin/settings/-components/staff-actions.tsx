import { emailProblem, REQUIRED } from '@shared/field-rules'
import { Button, Checkbox, Menu, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconChevronDown, IconUserPlus } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { queryKeys } from '@/api/query-keys'
import type { AdminInvitation, StaffAccount, StaffApi } from '@/api/staff'
import { toast } from '@/ui/toasts'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'

type Move = 'makeAdmin' | 'makeTutor' | 'deactivate' | 'reactivate' | 'resetSecondFactor' | 'makeLead' | 'removeLead'

interface MoveWords {
  label: string
  title: (name: string) => string
  explain: (account: StaffAccount) => string
  submit: string
  done: (name: string) => string
  /** A move that takes something away from the person: a red button. */
  danger: boolean
  save: (staffApi: StaffApi, userId: string) => Promise<StaffAccount>
}

const MOVES: Record<Move, MoveWords> = {
  makeAdmin: {
    label: 'Make admin',
    title: (name) => `Make ${name} an admin?`,
    explain: () =>
      'An admin has the whole office: registrations, learners, tutors, schools, the site and these accounts. They leave the tutor area; their tutor profile, placements and lessons stay on record. They are signed out at once and sign in again as an admin.',
    submit: 'Make them an admin',
    done: (name) => `${name} is now an admin`,
    danger: false,
    save: (staffApi, userId) => staffApi.changeRole(userId, 'ADMIN'),
  },
  makeTutor: {
    label: 'Make tutor',
    title: (name) => `Make ${name} a tutor?`,
    explain: () =>
      'The office is taken away from them: they no longer see registrations, learners, tutors or these accounts. They get the tutor area instead, with an empty tutor profile to fill in (or the one they had, if they were a tutor before). They are signed out at once and sign in again as a tutor.',
    submit: 'Make them a tutor',
    done: (name) => `${name} is now a tutor`,
    danger: true,
    save: (staffApi, userId) => staffApi.changeRole(userId, 'TUTOR'),
  },
  deactivate: {
    label: 'Deactivate',
    title: (name) => `Deactivate ${name}’s account?`,
    explain: () => 'They cannot sign in any more, and are signed out everywhere at once. Their records and history stay, and you can let them sign in again later.',
    submit: 'Deactivate the account',
    done: (name) => `${name} can no longer sign in`,
    danger: true,
    save: (staffApi, userId) => staffApi.changeStatus(userId, false),
  },
  reactivate: {
    label: 'Let them sign in again',
    title: (name) => `Let ${name} sign in again?`,
    explain: (account) =>
      account.role === 'TUTOR'
        ? 'Their account works again, as a tutor: they sign in with their password, or choose a new one with “Forgot your password?” on the sign-in page. A tutor marked as left on the Tutors screen can sign in only once made active there too.'
        : 'Their account works again, as an admin: they sign in with their password, or choose a new one with “Forgot your password?” on the sign-in page.',
    submit: 'Let them sign in',
    done: (name) => `${name} can sign in again`,
    danger: false,
    save: (staffApi, userId) => staffApi.changeStatus(userId, true),
  },
  makeLead: {
    label: 'Make safeguarding lead',
    title: (name) => `Make ${name} a designated safeguarding lead?`,
    explain: () =>
      'Safeguarding leads (and their deputies) are the only staff who read safeguarding concerns: what tutors wrote, how they are handled, and who opened a record. They are mailed when a tutor raises a concern, and can give or take this mark. Other admins see only that a learner has a concern on record.',
    submit: 'Make them a safeguarding lead',
    done: (name) => `${name} is now a safeguarding lead`,
    danger: false,
    save: (staffApi, userId) => staffApi.changeSafeguardingLead(userId, true),
  },
  removeLead: {
    label: 'Remove safeguarding lead',
    title: (name) => `Remove ${name} as a safeguarding lead?`,
    explain: () =>
      'They no longer read safeguarding concerns or get their mail; they keep the rest of the office. The last active safeguarding lead cannot be removed: make another admin a lead first.',
    submit: 'Remove the mark',
    done: (name) => `${name} is no longer a safeguarding lead`,
    danger: true,
    save: (staffApi, userId) => staffApi.changeSafeguardingLead(userId, false),
  },
  resetSecondFactor: {
    label: 'Reset second sign-in step',
    title: (name) => `Reset ${name}’s second sign-in step?`,
    explain: (account) =>
      `For a lost or replaced phone: their authenticator app and recovery codes stop working, and they sign in with their password alone until they set the step up again${account.role === 'ADMIN' ? ' (as an admin, at once)' : ''}. They are mailed to say so, and the reset is recorded.`,
    submit: 'Reset the second step',
    done: (name) => `${name}’s second sign-in step is reset`,
    danger: true,
    save: (staffApi, userId) => staffApi.resetSecondFactor(userId),
  },
}

/**
 * The moves open to an account: the other role, deactivating it or letting it in again, resetting its second step,
 * and (for an admin, offered only by a safeguarding lead, as only a lead may give or take it) the safeguarding lead
 * mark. A tutor who has left is made active again on the Tutors screen, never an admin from here.
 */
function movesFor(account: StaffAccount, youAreLead: boolean): Move[] {
  const otherRole: Move[] = account.status === 'left' ? [] : [account.role === 'ADMIN' ? 'makeTutor' : 'makeAdmin']
  const lead: Move[] = youAreLead && account.role === 'ADMIN' ? [account.safeguardingLead ? 'removeLead' : 'makeLead'] : []
  const moves: Move[] = [...otherRole, ...lead, account.status === 'deactivated' ? 'reactivate' : 'deactivate']
  return account.secondFactor ? [...moves, 'resetSecondFactor'] : moves
}

/**
 * A change to an account, refreshing the list (and the tutors list, where a change of role adds or takes away a
 * tutor) and confirming with a toast.
 */
function useStaffMove(account: StaffAccount, move: Move) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => MOVES[move].save(api.staff, account.id),
    onSuccess: async (saved) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }), queryClient.invalidateQueries({ queryKey: queryKeys.tutors.all })])
      toast.success(MOVES[move].done(saved.name))
    },
  })
}

function MoveDialog({ account, move, onClose }: { account: StaffAccount; move: Move; onClose: () => void }) {
  const queryClient = useQueryClient()
  const form = useForm({ mode: 'controlled', initialValues: {} })
  const action = useStaffMove(account, move)
  const words = MOVES[move]
  return (
    <ActionForm
      opened
      onClose={onClose}
      title={words.title(account.name)}
      form={form}
      action={action}
      toInput={() => undefined}
      submitLabel={words.submit}
      danger={words.danger}
      // Refused (someone changed the account meanwhile, or it is the last admin or safeguarding lead): the reason shows
      // above the buttons, and the list shows what is true now.
      onRefused={() => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all })}
    >
      <Text>{words.explain(account)}</Text>
    </ActionForm>
  )
}

/**
 * A row's changes in a menu, each after a dialog that says what it does. Your own account has none: another admin
 * changes it, so the office is never left without one by mistake. Nor has an anonymised account.
 */
export function StaffRowActions({ account, isYou, youAreLead }: { account: StaffAccount; isYou: boolean; youAreLead: boolean }) {
  const [move, setMove] = useState<Move | null>(null)
  if (isYou) {
    return (
      <Text size="sm" c="dimmed">
        This is you
      </Text>
    )
  }
  // Anonymising left the account for counts only: it is never let in again or given a role (the server refuses too).
  if (account.anonymisedAt !== undefined) {
    return (
      <Text size="sm" c="dimmed">
        Anonymised: cannot be changed
      </Text>
    )
  }
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={`Change ${account.name}’s account`}>
            Change
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {movesFor(account, youAreLead).map((option) => (
            <Menu.Item key={option} color={MOVES[option].danger ? 'red' : undefined} onClick={() => setMove(option)}>
              {MOVES[option].label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {move && <MoveDialog key={move} account={account} move={move} onClose={() => setMove(null)} />}
    </>
  )
}

interface InviteValues extends Record<string, unknown> {
  name: string
  email: string
  safeguardingLead: boolean
}

/**
 * "Invite an admin": name and email in a dialog; the server mails them a link to choose a password. A safeguarding
 * lead may make them a lead from the start (only a lead gives the mark).
 */
export function InviteAdmin({ youAreLead }: { youAreLead: boolean }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const form = useForm<InviteValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', safeguardingLead: false },
    validate: {
      name: (value) => (value.trim() === '' ? REQUIRED.enter('their name') : null),
      email: (value) => emailProblem(value, REQUIRED.enter('their email address')),
    },
  })
  const action = useMutation({
    mutationFn: (input: AdminInvitation) => api.staff.inviteAdmin(input),
    onSuccess: async (account) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.staff.all })
      toast.success(`Invitation sent to ${account.email}`)
    },
  })
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Invite an admin
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title="Invite an admin"
        form={form}
        action={action}
        toInput={(values): AdminInvitation => ({ name: values.name.trim(), email: values.email.trim(), safeguardingLead: values.safeguardingLead })}
        submitLabel="Send the invitation"
      >
        <Text>
          For someone who will run the office with you. They get an email with a link to choose a password, and have the whole office once they sign in. To
          add a tutor, <AnchorLink to="/admin/tutors/new">invite them from Tutors</AnchorLink> instead, with their profile.
        </Text>
        <TextInput label="Name" required autoComplete="off" maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required autoComplete="off" maxLength={LIMITS.Email.maxLength} {...form.getInputProps('email')} />
        {youAreLead && (
          <Checkbox
            label="Make them a designated safeguarding lead"
            description="Only safeguarding leads read safeguarding concerns and are mailed when a tutor raises one."
            {...form.getInputProps('safeguardingLead', { type: 'checkbox' })}
          />
        )}
      </ActionForm>
    </>
  )
}
