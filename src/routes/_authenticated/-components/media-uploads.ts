import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { FileRejection } from '@mantine/dropzone'
import type { MediaItem } from '@/api/media'
import { queryKeys } from '@/api/query-keys'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

/** The image types the library takes, with their file name endings (for the file dialog and the drop check). */
export const MEDIA_ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/svg+xml': ['.svg'],
}
/** The contract's limit (MediaUpload): 20 MB. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024
/** Uploads sent at once; the rest wait their turn. */
export const PARALLEL_UPLOADS = 2

/** Runs the tasks it is given, at most `limit` at a time, in the order given. */
export function limitConcurrency(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  const startNext = () => {
    if (running < limit) waiting.shift()?.()
  }
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        running++
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            running--
            startNext()
          })
      })
      startNext()
    })
}

export interface MediaUpload {
  key: string
  fileName: string
  status: 'waiting' | 'sending' | 'done' | 'failed'
  /** From 0 to 1, as the bytes leave the browser. */
  progress: number
  /** The library's record of the image, once uploaded. */
  item?: MediaItem
  /** Why it was refused: the server's words, or why it was not sent. */
  error?: string
}

/** Why a file was not sent, in the words of the dropzone's refusal. */
export function rejectionMessage(rejection: FileRejection): string {
  const codes = rejection.errors.map((error) => error.code)
  if (codes.includes('file-too-large')) return 'This file is larger than 20 MB. Make it smaller, or save it at a lower quality, and try again.'
  if (codes.includes('file-invalid-type')) return 'This is not an image the library takes. Use a JPEG, PNG, WebP, AVIF or SVG file.'
  return rejection.errors[0]?.message ?? 'This file could not be sent.'
}

let lastKey = 0
const nextKey = () => `upload-${++lastKey}`

/**
 * Uploads to the media library: each file its own request, two at a time, each with its progress, then the new
 * image or the server's reason for refusing it. The library's lists refresh after each upload.
 */
export function useMediaUploads() {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const [limit] = useState(() => limitConcurrency(PARALLEL_UPLOADS))
  const [uploads, setUploads] = useState<MediaUpload[]>([])
  const patch = (key: string, change: Partial<MediaUpload>) => setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))

  const add = (files: File[]) => {
    const added = files.map((file) => ({ file, upload: { key: nextKey(), fileName: file.name, status: 'waiting', progress: 0 } satisfies MediaUpload }))
    setUploads((all) => [...all, ...added.map(({ upload }) => upload)])
    for (const { file, upload } of added) {
      const { key } = upload
      void limit(() => {
        patch(key, { status: 'sending' })
        return api.media.upload(file, {}, (progress) => patch(key, { progress }))
      }).then(
        (item) => {
          patch(key, { status: 'done', progress: 1, item })
          return queryClient.invalidateQueries({ queryKey: queryKeys.media.all })
        },
        (error: unknown) => patch(key, { status: 'failed', error: errorMessage(error) }),
      )
    }
  }

  /** Files the dropzone refused (wrong type, too large) are listed too, with the reason. */
  const reject = (rejections: FileRejection[]) =>
    setUploads((all) => [...all, ...rejections.map((rejection) => ({ key: nextKey(), fileName: rejection.file.name, status: 'failed' as const, progress: 0, error: rejectionMessage(rejection) }))])

  /** The image as it is after a later change (its alt text and caption saved). */
  const update = (key: string, item: MediaItem) => patch(key, { item })

  /** Takes the finished uploads off the list; those still waiting or sending stay. */
  const clearFinished = () => setUploads((all) => all.filter((upload) => upload.status === 'waiting' || upload.status === 'sending'))

  return { uploads, add, reject, update, clearFinished }
}

export type MediaUploads = ReturnType<typeof useMediaUploads>
