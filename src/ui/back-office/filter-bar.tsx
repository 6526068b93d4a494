import { Chip, Group, SegmentedControl, Select, Stack, Text, TextInput, useMatches } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useId, useState, type ReactNode } from 'react'

/** Sentinel for "no filter"; never a value of any filter. */
const ALL = '__all__'

export interface FilterOption<Value extends string> {
  value: Value
  label: string
  /** Rows with this value, shown beside the label when known. */
  count?: number
}

/** The controls above a list, laid out to wrap from phone to desktop. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" role="search">
      {children}
    </Stack>
  )
}

/** One choice among a few (e.g. the kind of registration), with "All" first. */
export function SegmentedFilter<Value extends string>({
  label,
  allLabel = 'All',
  options,
  value,
  onChange,
}: {
  label: string
  allLabel?: string
  options: readonly FilterOption<Value>[]
  value: Value | undefined
  onChange: (value: Value | undefined) => void
}) {
  const labelId = useId()
  // Smaller on a phone, so five choices fit across 360 px.
  const size = useMatches({ base: 'xs', sm: 'sm' })
  return (
    <Stack gap={4}>
      <Text component="span" id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        size={size}
        aria-labelledby={labelId}
        data={[{ value: ALL, label: allLabel }, ...options.map((option) => ({ value: option.value, label: option.label }))]}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? undefined : (next))}
        fullWidth
        maw={560}
      />
    </Stack>
  )
}

/** One choice shown as chips with counts (e.g. statuses), with "All" first. */
export function ChipFilter<Value extends string>({
  label,
  allLabel = 'All',
  allCount,
  options,
  value,
  onChange,
}: {
  label: string
  allLabel?: string
  allCount?: number
  options: readonly FilterOption<Value>[]
  value: Value | undefined
  onChange: (value: Value | undefined) => void
}) {
  const labelId = useId()
  const withCount = (text: string, count: number | undefined) => (count === undefined ? text : `${text} (${count})`)
  return (
    <Stack gap={4}>
      <Text component="span" id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group<false> multiple={false} value={(value) ?? ALL} onChange={(next) => onChange(next === ALL ? undefined : (next as Value))}>
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
          <Chip value={ALL} size="sm">
            {withCount(allLabel, allCount)}
          </Chip>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} size="sm">
              {withCount(option.label, option.count)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  )
}

/** Debounce before a typed search changes the address and asks the server. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * A labelled search box that reports its text after the person pauses typing (or at once on Enter), and
 * follows the value it is given when that changes from outside (Back, a shared link, "Clear filters").
 */
export function SearchBox({
  label,
  description,
  value,
  onChange,
  maxLength,
}: {
  label: string
  description?: string
  value: string
  onChange: (value: string) => void
  maxLength: number
}) {
  const [text, setText] = useState(value)
  const report = useDebouncedCallback((next: string) => {
    if (next.trim() !== value) onChange(next.trim())
  }, SEARCH_DEBOUNCE_MS)

  // The address changed without typing here (Back, a link, "Clear filters"): show what it now says.
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    setShownValue(value)
    if (text.trim() !== value) setText(value)
  }

  return (
    <TextInput
      type="search"
      label={label}
      description={description}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={maxLength}
      maw={480}
      onChange={(event) => {
        setText(event.currentTarget.value)
        report(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          report.flush()
        }
      }}
    />
  )
}

/** One choice from a longer list (a subject, a way of teaching) in a select that can be cleared. */
export function SelectFilter<Value extends string>({
  label,
  placeholder,
  options,
  value,
  onChange,
  searchable = false,
}: {
  label: string
  /** What the empty select says: the "all" choice, as in "Any subject". */
  placeholder: string
  options: readonly FilterOption<Value>[]
  value: Value | undefined
  onChange: (value: Value | undefined) => void
  searchable?: boolean
}) {
  // A value from the address that is not (yet) among the options still shows, so the filter never hides itself.
  const data = value === undefined || options.some((option) => option.value === value) ? options : [{ value, label: value }, ...options]
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data.map((option) => ({ value: option.value, label: option.label }))}
      value={value ?? null}
      onChange={(next) => onChange((next ?? undefined))}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      searchable={searchable}
      nothingFoundMessage="Nothing matches"
      w={{ base: '100%', xs: 240 }}
    />
  )
}
