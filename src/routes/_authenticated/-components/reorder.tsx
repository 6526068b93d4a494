import { ActionIcon, Group } from '@mantine/core'
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'

export type Direction = 'up' | 'down'

/** The ids with one moved a place up or down; unchanged at either end. */
export function moved(ids: readonly string[], id: string, direction: Direction): string[] {
  const from = ids.indexOf(id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from < 0 || to < 0 || to >= ids.length) return [...ids]
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

/**
 * A list put in order with Move up and Move down, each move saved at once. Moves made quickly follow each other:
 * the list shows the last one until every save has answered, then what the server holds (`refresh`). The moved
 * row keeps the focus, on the same button or the other one when it reached an end, and the move is announced.
 */
export function useReorder<T extends { id: string }>({
  items,
  nameOf,
  save,
  refresh,
}: {
  items: readonly T[]
  /** How the announcement names a row: "Maths moved to place 2 of 5." */
  nameOf: (item: T) => string
  save: (ids: string[]) => Promise<unknown>
  /** The queries to refetch once the last save has answered. */
  refresh: QueryKey
}) {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<string[] | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const refocus = useRef<{ id: string; direction: Direction } | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const inFlight = useRef(0)
  const mutation = useMutation({
    mutationFn: save,
    onSettled: async () => {
      inFlight.current -= 1
      if (inFlight.current > 0) return
      await queryClient.invalidateQueries({ queryKey: refresh })
      setPending(null)
    },
  })

  const byId = new Map(items.map((item) => [item.id, item]))
  const shown = (pending ?? items.map((item) => item.id)).map((id) => byId.get(id)).filter((item): item is T => item !== undefined)

  useEffect(() => {
    const target = refocus.current
    if (!target) return
    refocus.current = null
    const index = shown.findIndex((item) => item.id === target.id)
    const atEnd = target.direction === 'up' ? index === 0 : index === shown.length - 1
    const other: Direction = target.direction === 'up' ? 'down' : 'up'
    buttons.current.get(`${target.id}:${atEnd ? other : target.direction}`)?.focus()
  })

  const move = (item: T, direction: Direction) => {
    const next = moved(
      shown.map((row) => row.id),
      item.id,
      direction,
    )
    setPending(next)
    setAnnouncement(`${nameOf(item)} moved to place ${next.indexOf(item.id) + 1} of ${next.length}.`)
    refocus.current = { id: item.id, direction }
    mutation.reset()
    inFlight.current += 1
    mutation.mutate(next)
  }

  const buttonRef = (id: string, direction: Direction) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${direction}`, element)
    else buttons.current.delete(`${id}:${direction}`)
  }

  return { shown, move, buttonRef, announcement, error: mutation.isError ? mutation.error : null }
}

/** Move up and Move down for one row, named by the row ("Move Maths up"); the ends are disabled. */
export function MoveButtons<T extends { id: string }>({
  item,
  name,
  index,
  count,
  reorder,
}: {
  item: T
  name: string
  index: number
  count: number
  reorder: Pick<ReturnType<typeof useReorder<T>>, 'move' | 'buttonRef'>
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {(['up', 'down'] as const).map((direction) => (
        <ActionIcon
          key={direction}
          ref={reorder.buttonRef(item.id, direction)}
          variant="default"
          size="lg"
          aria-label={`Move ${name} ${direction}`}
          title={`Move ${direction}`}
          disabled={direction === 'up' ? index === 0 : index === count - 1}
          onClick={() => reorder.move(item, direction)}
        >
          {direction === 'up' ? <IconArrowUp size={18} aria-hidden /> : <IconArrowDown size={18} aria-hidden />}
        </ActionIcon>
      ))}
    </Group>
  )
}
