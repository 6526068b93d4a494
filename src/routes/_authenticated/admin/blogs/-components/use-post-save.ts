import type { UseFormReturnType } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { isApiError } from '@/api/errors'
import { postRecordQueryOptions, type PostRecord } from '@/api/blog-post-records'
import { queryKeys } from '@/api/query-keys'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { placeFieldErrors } from '@/routes/_authenticated/-components/record-form'
import { postFormValues, toPostInput, type PostFormValues } from './post-form'

/** How long typing must pause before a draft saves on its own: long enough not to save every word. */
export const AUTOSAVE_DELAY_MS = 2000

/** Where the editor's saving stands, for its status line. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; reason: string }
  /** Someone else saved the post since this editor last did: nothing saves until it is reloaded. */
  | { kind: 'conflict'; message: string }

/** "Enter the post’s title." as it reads after "Not saved: ". Words such as "GCSE" keep their capitals. */
function asReason(message: string): string {
  return /^[A-Z][a-z]/.test(message) ? `${message.charAt(0).toLowerCase()}${message.slice(1)}` : message
}

/**
 * Saving the post being edited. Each save sends the version the last one answered (the one the editor opened at,
 * first), so a save after someone else's is refused (409) instead of overwriting it. A draft saves on its own
 * AUTOSAVE_DELAY_MS after the last change; a published or scheduled post only when asked, because each save
 * changes what visitors read. Saves never overlap: one asked for while another is on its way waits for it.
 */
export function usePostSave({ post, form }: { post: PostRecord; form: UseFormReturnType<PostFormValues> }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const autosave = post.status === 'draft'
  const version = useRef(post.version)
  const inFlight = useRef<Promise<boolean> | null>(null)
  const conflicted = useRef(false)
  const [state, setState] = useState<SaveState>({ kind: 'idle' })
  const recordKey = queryKeys.blogs.record(post.id)

  const send = async (values: PostFormValues, announce: boolean): Promise<boolean> => {
    setState({ kind: 'saving' })
    try {
      const saved = await api.blogPostRecords.update(post.id, version.current, toPostInput(values))
      version.current = saved.version
      queryClient.setQueryData(recordKey, saved)
      // The list, the preview, the public blog and the history show the post too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.blogs.all, predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(recordKey) })
      // Only what was sent is saved: anything typed while the save was on its way is still to save.
      form.resetDirty(values)
      setState({ kind: 'saved', at: new Date().toISOString() })
      if (announce) toast.success('The changes have been saved')
      return true
    } catch (error) {
      if (isApiError(error) && error.status === 409 && !error.fields) {
        conflicted.current = true
        setState({ kind: 'conflict', message: error.message })
      } else if (isApiError(error) && error.fields) {
        // A taken address, or a published post left incomplete: said at the fields, and summed up in the status line.
        const unplaced = placeFieldErrors(form, error.fields)
        setState({ kind: 'failed', reason: asReason(unplaced.length > 0 ? unplaced.join(' ') : error.message) })
      } else {
        setState({ kind: 'failed', reason: asReason(errorMessage(error)) })
      }
      return false
    }
  }

  /** Saves the changes, if there are any; true when nothing is left unsaved. */
  const save = async ({ announce = false }: { announce?: boolean } = {}): Promise<boolean> => {
    while (inFlight.current) await inFlight.current
    if (conflicted.current) return false
    if (!form.isDirty()) return true
    const check = form.validate()
    if (check.hasErrors) {
      const first = Object.values(check.errors).find((message) => typeof message === 'string')
      setState({ kind: 'failed', reason: asReason(typeof first === 'string' ? first : 'check the marked fields.') })
      return false
    }
    const sending = send(form.getValues(), announce).finally(() => {
      inFlight.current = null
    })
    inFlight.current = sending
    return sending
  }

  /** After a conflict: the post as it is now, in place of this editor's unsaved changes. */
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...postRecordQueryOptions(api.blogPostRecords, post.id), staleTime: 0 })
    version.current = fresh.version
    conflicted.current = false
    form.setInitialValues(postFormValues(fresh.fields, fresh.cover))
    form.reset()
    setState({ kind: 'idle' })
  }

  // Every change to a draft restarts the wait; the save happens once typing has paused.
  const values = form.getValues()
  const saveOnItsOwn = useEffectEvent(() => {
    void save()
  })
  useEffect(() => {
    if (!autosave) return
    const timer = window.setTimeout(saveOnItsOwn, AUTOSAVE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [values, autosave])

  return { state, autosave, save, reload }
}
