// The office's filters on one record (a tutor, a learner, a school), for the screens of the office that narrow lessons
// by them (the reports list and the calendar).
import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PARAMETERS } from '@shared/contract.gen'
import { schoolQueryOptions, schoolsQueryOptions } from '@/api/schools'
import { studentQueryOptions, studentsQueryOptions } from '@/api/students'
import { tutorQueryOptions, tutorsQueryOptions } from '@/api/tutors'
import { SEARCH_DEBOUNCE_MS } from '@/ui/back-office/filter-bar'
import { useAppContext } from '@/app/use-app-context'

/** How many people or schools a filter's list offers at once; typing narrows it on the server. */
const CHOICES = 20
const SEARCH_MAX_LENGTH = PARAMETERS.listStudents.q.maxLength

interface RecordFilterProps {
  value: string | undefined
  onChange: (value: string | undefined) => void
}

/** The search text to send: none while the box shows the chosen record's name, or nothing is typed. */
function useSearchTerm(search: string, chosenLabel: string | undefined): string | undefined {
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  return debounced === '' || debounced === chosenLabel ? undefined : debounced.slice(0, SEARCH_MAX_LENGTH)
}

/**
 * A filter on one record (a tutor, a learner, a school) chosen from a list searched on the server as the person types.
 * The record the address names keeps its name in the box even when the search does not list it.
 */
function RecordSelectFilter({
  label,
  placeholder,
  value,
  onChange,
  choices,
  chosenLabel,
  searching,
  search,
  onSearch,
}: RecordFilterProps & {
  label: string
  placeholder: string
  choices: { value: string; label: string }[]
  chosenLabel: string | undefined
  searching: boolean
  search: string
  onSearch: (search: string) => void
}) {
  const data = value === undefined || choices.some((choice) => choice.value === value) ? choices : [{ value, label: chosenLabel ?? 'Loading the name…' }, ...choices]
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      searchable
      searchValue={search}
      onSearchChange={onSearch}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      nothingFoundMessage={searching ? 'Searching…' : 'Nothing matches. Check the spelling.'}
      w={{ base: '100%', xs: 240 }}
    />
  )
}

export function TutorFilter(props: RecordFilterProps) {
  const { api } = useAppContext()
  const [search, setSearch] = useState('')
  const chosen = useQuery({ ...tutorQueryOptions(api.tutors, props.value ?? ''), enabled: props.value !== undefined })
  const chosenLabel = props.value === undefined ? undefined : chosen.isError ? 'A tutor we could not find' : chosen.data?.fields.name
  const q = useSearchTerm(search, chosenLabel)
  const tutors = useQuery({ ...tutorsQueryOptions(api.tutors, { ...(q ? { q } : {}), sort: 'name', page: 1, pageSize: CHOICES }), placeholderData: keepPreviousData })
  const choices = (tutors.data?.items ?? []).map((tutor) => ({ value: tutor.id, label: tutor.name }))
  return <RecordSelectFilter {...props} label="Tutor" placeholder="Any tutor" choices={choices} chosenLabel={chosenLabel} searching={tutors.isFetching} search={search} onSearch={setSearch} />
}

export function LearnerFilter(props: RecordFilterProps) {
  const { api } = useAppContext()
  const [search, setSearch] = useState('')
  const chosen = useQuery({ ...studentQueryOptions(api.students, props.value ?? ''), enabled: props.value !== undefined })
  const chosenLabel = props.value === undefined ? undefined : chosen.isError ? 'A learner we could not find' : chosen.data?.fields.name
  const q = useSearchTerm(search, chosenLabel)
  const students = useQuery({ ...studentsQueryOptions(api.students, { ...(q ? { q } : {}), page: 1, pageSize: CHOICES }), placeholderData: keepPreviousData })
  const choices = (students.data?.items ?? []).map((student) => ({ value: student.id, label: student.name }))
  return <RecordSelectFilter {...props} label="Learner" placeholder="Any learner" choices={choices} chosenLabel={chosenLabel} searching={students.isFetching} search={search} onSearch={setSearch} />
}

export function SchoolFilter(props: RecordFilterProps) {
  const { api } = useAppContext()
  const [search, setSearch] = useState('')
  const chosen = useQuery({ ...schoolQueryOptions(api.schools, props.value ?? ''), enabled: props.value !== undefined })
  const chosenLabel = props.value === undefined ? undefined : chosen.isError ? 'A school we could not find' : chosen.data?.fields.name
  const q = useSearchTerm(search, chosenLabel)
  const schools = useQuery({ ...schoolsQueryOptions(api.schools, { ...(q ? { q } : {}), page: 1, pageSize: CHOICES }), placeholderData: keepPreviousData })
  const choices = (schools.data?.items ?? []).map((school) => ({ value: school.id, label: school.id === props.value && chosenLabel ? chosenLabel : `${school.name}, ${school.town}` }))
  return <RecordSelectFilter {...props} label="School" placeholder="Any school" choices={choices} chosenLabel={chosenLabel} searching={schools.isFetching} search={search} onSearch={setSearch} />
}
