import { ActionIcon, Button, CloseButton, Fieldset, Grid, Group, Input, Select, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { randomId } from '@mantine/hooks'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import type { UseMutationResult } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { ENUMS } from '@shared/contract.gen'
import { optionsOf } from '@shared/labels'
import type { SiteSettingsInput, SocialNetwork } from '@/api/site-settings-records'
import { FormSection } from '@/ui/form-section'
import type { FieldErrors } from '@/forms/enrolment-rules'
import { emailProblem, phoneProblem, REQUIRED, textProblem } from '@shared/field-rules'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { SITE_FIELD_LABELS as LABEL, SITE_LIMITS } from './site-words'

/** A figure or a social link in the form: `key` keeps each row's inputs with it when rows move; it is not sent. */
interface FigureValues {
  key: string
  label: string
  value: string
}

interface SocialLinkValues {
  key: string
  network: SocialNetwork
  url: string
}

export interface SiteDetailsValues extends Record<string, unknown> {
  organisationName: string
  email: string
  phone: string
  addressLines: string[]
  openingHours: string
  figures: FigureValues[]
  socialLinks: SocialLinkValues[]
}

export function siteDetailsValues(settings: SiteSettingsInput): SiteDetailsValues {
  return {
    organisationName: settings.organisationName,
    email: settings.email,
    phone: settings.phone,
    // The contract asks for one line at least, so the form always offers one to fill in.
    addressLines: settings.addressLines.length > 0 ? [...settings.addressLines] : [''],
    openingHours: settings.openingHours,
    figures: settings.figures.map((figure) => ({ key: randomId(), ...figure })),
    socialLinks: settings.socialLinks.map((link) => ({ key: randomId(), ...link })),
  }
}

export function toSiteSettingsInput(values: SiteDetailsValues): SiteSettingsInput {
  return {
    organisationName: values.organisationName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    addressLines: values.addressLines.map((line) => line.trim()),
    openingHours: values.openingHours.trim(),
    figures: values.figures.map((figure) => ({ label: figure.label.trim(), value: figure.value.trim() })),
    socialLinks: values.socialLinks.map((link) => ({ network: link.network, url: link.url.trim() })),
  }
}

const HTTPS = new RegExp(SITE_LIMITS.socialLinks.items.url.pattern)

function urlProblem(value: string): string | null {
  const url = value.trim()
  if (url === '') return REQUIRED.enter('the address of the page, starting https://')
  if (url.length > SITE_LIMITS.socialLinks.items.url.maxLength) return `Use at most ${SITE_LIMITS.socialLinks.items.url.maxLength} characters.`
  if (!HTTPS.test(url) || !isAddress(url)) return 'Copy the page’s full address from the browser: it starts https://.'
  return null
}

function isAddress(url: string): boolean {
  try {
    return new URL(url).hostname.includes('.')
  } catch {
    return false
  }
}

/**
 * The contract's rules for the site details, with the office's words; the server checks them again. Keys are the
 * form's dotted paths (`figures.0.value`), which are also the names the server gives its field errors.
 */
export function siteDetailsErrors(values: SiteDetailsValues): FieldErrors {
  const found: Record<string, string | null> = {
    organisationName: textProblem(values.organisationName, SITE_LIMITS.organisationName.maxLength, REQUIRED.enter('the organisation’s name')),
    email: emailProblem(values.email, REQUIRED.enter('the email address visitors write to')),
    phone: phoneProblem(values.phone, REQUIRED.enter('the phone number visitors call')),
    openingHours: textProblem(values.openingHours, SITE_LIMITS.openingHours.maxLength, REQUIRED.enter('when the office is open, such as “Monday to Friday, 9:00 to 17:30”')),
  }
  values.addressLines.forEach((line, index) => {
    found[`addressLines.${index}`] = textProblem(line, SITE_LIMITS.addressLines.items.maxLength, REQUIRED.enter('this line, or remove it'))
  })
  values.figures.forEach((figure, index) => {
    found[`figures.${index}.value`] = textProblem(figure.value, SITE_LIMITS.figures.items.value.maxLength, REQUIRED.enter('the number as it should show, such as “1,200+”'))
    found[`figures.${index}.label`] = textProblem(figure.label, SITE_LIMITS.figures.items.label.maxLength, REQUIRED.enter('what the number counts'))
  })
  const seen = new Set<string>()
  values.socialLinks.forEach((link, index) => {
    const same = `${link.network} ${link.url.trim()}`
    found[`socialLinks.${index}.url`] = urlProblem(link.url) ?? (seen.has(same) ? 'This link is in the list already: remove one of the two.' : null)
    seen.add(same)
  })
  return Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => entry[1] !== null))
}

export function useSiteDetailsForm(initial: SiteDetailsValues): UseFormReturnType<SiteDetailsValues> {
  return useForm<SiteDetailsValues>({ mode: 'controlled', initialValues: initial, validate: siteDetailsErrors })
}

type SiteDetailsForm = UseFormReturnType<SiteDetailsValues>

/** After a row is added, its first field takes the focus, so the next thing typed goes in it. */
function useFocusAfterAdd(form: SiteDetailsForm) {
  const pending = useRef<string | null>(null)
  useEffect(() => {
    const path = pending.current
    if (path === null) return
    pending.current = null
    form.getInputNode(path)?.focus()
  })
  return (path: string) => {
    pending.current = path
  }
}

/**
 * The end of an editable list: a list-wide message from the server (too many lines, the same link twice), then
 * "Add a …", disabled once the list is full, saying so.
 */
function ListEnd({
  error,
  addButton,
  addLabel,
  full,
  fullText,
  onAdd,
}: {
  error: ReactNode
  addButton: RefObject<HTMLButtonElement | null>
  addLabel: string
  full: boolean
  fullText: string
  onAdd: () => void
}) {
  return (
    <>
      {error ? <Input.Error>{error}</Input.Error> : null}
      <Group>
        <Button ref={addButton} variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={full} onClick={onAdd}>
          {addLabel}
        </Button>
        {full && <Text size="sm">{fullText}</Text>}
      </Group>
    </>
  )
}

/** Removes one row of a list; the focus goes to the list's "Add a …", which is always there. */
function RemoveRow({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={label} title="Remove" onClick={onRemove}>
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  )
}

function AddressFields({ form }: { form: SiteDetailsForm }) {
  const lines = form.getValues().addressLines
  const focusNext = useFocusAfterAdd(form)
  const addButton = useRef<HTMLButtonElement>(null)
  const full = lines.length >= SITE_LIMITS.addressLines.maxItems
  return (
    <FormSection title={LABEL.addressLines} lead={`As the footer and the contact page show it, one line each; up to ${SITE_LIMITS.addressLines.maxItems} lines.`}>
      {lines.map((_, index) => (
        <TextInput
          // Lines hold only text and never move, so their place is their identity.
          key={index}
          label={`Address line ${index + 1}`}
          required
          maxLength={SITE_LIMITS.addressLines.items.maxLength}
          rightSectionPointerEvents="all"
          rightSection={
            lines.length > 1 && (
              <CloseButton
                aria-label={`Remove address line ${index + 1}`}
                title="Remove this line"
                onClick={() => {
                  form.removeListItem('addressLines', index)
                  addButton.current?.focus()
                }}
              />
            )
          }
          {...form.getInputProps(`addressLines.${index}`)}
        />
      ))}
      <ListEnd
        error={form.errors.addressLines}
        addButton={addButton}
        addLabel="Add a line"
        full={full}
        fullText={`An address has ${SITE_LIMITS.addressLines.maxItems} lines at most.`}
        onAdd={() => {
          form.insertListItem('addressLines', '')
          focusNext(`addressLines.${lines.length}`)
        }}
      />
    </FormSection>
  )
}

type Direction = 'up' | 'down'

function FigureFields({ form }: { form: SiteDetailsForm }) {
  const figures = form.getValues().figures
  const focusNext = useFocusAfterAdd(form)
  const addButton = useRef<HTMLButtonElement>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const refocus = useRef<{ key: string; direction: Direction } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const full = figures.length >= SITE_LIMITS.figures.maxItems

  // The moved figure keeps the focus: on the same button, or on the other one when it reached an end.
  useEffect(() => {
    const target = refocus.current
    if (!target) return
    refocus.current = null
    const index = figures.findIndex((figure) => figure.key === target.key)
    const atEnd = target.direction === 'up' ? index === 0 : index === figures.length - 1
    const other: Direction = target.direction === 'up' ? 'down' : 'up'
    buttons.current.get(`${target.key}:${atEnd ? other : target.direction}`)?.focus()
  })

  const move = (index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1
    const figure = figures[index]
    if (!figure) return
    form.reorderListItem('figures', { from: index, to })
    refocus.current = { key: figure.key, direction }
    setAnnouncement(`Figure moved to place ${to + 1} of ${figures.length}.`)
  }

  return (
    <FormSection
      title={LABEL.figures}
      lead={`Headline numbers, such as “1,200+ learners tutored”. They show on the home and about pages, in this order; up to ${SITE_LIMITS.figures.maxItems}.`}
    >
      {figures.length === 0 && <Text c="dimmed">No figures yet: the home and about pages show none.</Text>}
      {figures.map((figure, index) => (
        <Fieldset key={figure.key} variant="filled" legend={`Figure ${index + 1}`}>
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 24, sm: 7 }}>
              <TextInput
                label="Number"
                description="As it shows, such as “1,200+”."
                required
                maxLength={SITE_LIMITS.figures.items.value.maxLength}
                {...form.getInputProps(`figures.${index}.value`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput
                label="What it counts"
                description="Such as “learners tutored this year”."
                required
                maxLength={SITE_LIMITS.figures.items.label.maxLength}
                {...form.getInputProps(`figures.${index}.label`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 5 }}>
              <Group gap={4} wrap="nowrap">
                {(['up', 'down'] as const).map((direction) => (
                  <ActionIcon
                    key={direction}
                    ref={(element) => {
                      if (element) buttons.current.set(`${figure.key}:${direction}`, element)
                      else buttons.current.delete(`${figure.key}:${direction}`)
                    }}
                    variant="default"
                    size="lg"
                    aria-label={`Move figure ${index + 1} ${direction}`}
                    title={`Move ${direction}`}
                    disabled={direction === 'up' ? index === 0 : index === figures.length - 1}
                    onClick={() => move(index, direction)}
                  >
                    {direction === 'up' ? <IconArrowUp size={18} aria-hidden /> : <IconArrowDown size={18} aria-hidden />}
                  </ActionIcon>
                ))}
                <RemoveRow
                  label={`Remove figure ${index + 1}`}
                  onRemove={() => {
                    form.removeListItem('figures', index)
                    addButton.current?.focus()
                  }}
                />
              </Group>
            </Grid.Col>
          </Grid>
        </Fieldset>
      ))}
      <ListEnd
        error={form.errors.figures}
        addButton={addButton}
        addLabel="Add a figure"
        full={full}
        fullText={`The pages show ${SITE_LIMITS.figures.maxItems} figures at most: remove one to add another.`}
        onAdd={() => {
          form.insertListItem('figures', { key: randomId(), label: '', value: '' })
          focusNext(`figures.${figures.length}.value`)
        }}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </FormSection>
  )
}

function SocialLinkFields({ form }: { form: SiteDetailsForm }) {
  const links = form.getValues().socialLinks
  const focusNext = useFocusAfterAdd(form)
  const addButton = useRef<HTMLButtonElement>(null)
  const full = links.length >= SITE_LIMITS.socialLinks.maxItems
  const networks = optionsOf('SocialNetwork')
  // A new link starts at the first network not listed yet: most organisations have one page on each.
  const nextNetwork = ENUMS.SocialNetwork.find((network) => !links.some((link) => link.network === network)) ?? ENUMS.SocialNetwork[0]
  return (
    <FormSection
      title={LABEL.socialLinks}
      lead={`TEC’s pages elsewhere, shown as icons at the foot of every page of the site; up to ${SITE_LIMITS.socialLinks.maxItems}.`}
    >
      {links.length === 0 && <Text c="dimmed">No links yet: the footer shows none.</Text>}
      {links.map((link, index) => (
        <Fieldset key={link.key} variant="filled" legend={`Social link ${index + 1}`}>
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 24, sm: 7 }}>
              <Select label="Network" required data={networks} allowDeselect={false} {...form.getInputProps(`socialLinks.${index}.network`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 15 }}>
              <TextInput
                label="Address of the page"
                description="Copy it from the browser: it starts https://."
                type="url"
                required
                autoComplete="off"
                spellCheck={false}
                maxLength={SITE_LIMITS.socialLinks.items.url.maxLength}
                {...form.getInputProps(`socialLinks.${index}.url`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 2 }}>
              <RemoveRow
                label={`Remove social link ${index + 1}`}
                onRemove={() => {
                  form.removeListItem('socialLinks', index)
                  addButton.current?.focus()
                }}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
      ))}
      <ListEnd
        error={form.errors.socialLinks}
        addButton={addButton}
        addLabel="Add a link"
        full={full}
        fullText={`The footer shows ${SITE_LIMITS.socialLinks.maxItems} links at most: remove one to add another.`}
        onAdd={() => {
          form.insertListItem('socialLinks', { key: randomId(), network: nextNetwork, url: '' })
          focusNext(`socialLinks.${links.length}.url`)
        }}
      />
    </FormSection>
  )
}

/** The site details: how to reach TEC, its address, the headline figures and its social media pages. */
export function SiteDetailsForm({
  form,
  save,
  cancel,
  onReload,
}: {
  form: SiteDetailsForm
  save: UseMutationResult<unknown, Error, SiteSettingsInput>
  cancel: ReactNode
  onReload: () => Promise<void>
}) {
  return (
    <RecordForm form={form} save={save} toInput={toSiteSettingsInput} submitLabel="Save the site details" cancel={cancel} onReload={onReload}>
      <FormSection title="How to reach TEC" lead="Shown at the foot of every page and on the contact page.">
        <Grid gap="md">
          <Grid.Col span={24}>
            <TextInput label={LABEL.organisationName} required maxLength={SITE_LIMITS.organisationName.maxLength} {...form.getInputProps('organisationName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL.email} type="email" required maxLength={SITE_LIMITS.email.maxLength} {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL.phone} type="tel" required maxLength={SITE_LIMITS.phone.maxLength} {...form.getInputProps('phone')} />
          </Grid.Col>
          <Grid.Col span={24}>
            <TextInput
              label={LABEL.openingHours}
              description="Such as “Monday to Friday, 9:00 to 17:30”."
              required
              maxLength={SITE_LIMITS.openingHours.maxLength}
              {...form.getInputProps('openingHours')}
            />
          </Grid.Col>
        </Grid>
      </FormSection>
      <AddressFields form={form} />
      <FigureFields form={form} />
      <SocialLinkFields form={form} />
    </RecordForm>
  )
}
