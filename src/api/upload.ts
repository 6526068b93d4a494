import { ApiError } from './errors'
import type { paths } from './schema.gen'

export interface UploaderOptions {
  /** Where the API answers, e.g. `/api`. */
  baseUrl: string
  getToken: () => string | null
  onUnauthorized: () => void
}

/** The contract's paths that take a form upload (multipart/form-data). */
type UploadPath = { [Path in keyof paths]: paths[Path] extends { post: { requestBody: { content: { 'multipart/form-data': unknown } } } } | { put: { requestBody: { content: { 'multipart/form-data': unknown } } } } ? Path : never }[keyof paths]

export interface UploadRequest {
  method: 'POST' | 'PUT'
  /** The contract's path with its parameters filled in, e.g. /admin/media/{mediaId}/file → /admin/media/ab…/file. */
  path: UploadPath
  params?: Record<string, string>
  headers?: Record<string, string>
  form: FormData
  /** Called as the bytes leave the browser, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/**
 * Sends a form upload and answers its JSON. fetch cannot report how much of a body has been sent, so uploads go
 * through XMLHttpRequest; the token, the error shape and the 401 handling are the API client's.
 */
export type Uploader = <Answer>(request: UploadRequest) => Promise<Answer>

export function createUploader(options: UploaderOptions): Uploader {
  return <Answer>(request: UploadRequest) =>
    new Promise<Answer>((resolve, reject) => {
      const path = Object.entries(request.params ?? {}).reduce<string>((url, [name, value]) => url.replace(`{${name}}`, encodeURIComponent(value)), request.path)
      const xhr = new XMLHttpRequest()
      xhr.open(request.method, `${options.baseUrl}${path}`)
      const token = options.getToken()
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
      for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value)
      xhr.responseType = 'text'
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) request.onProgress?.(event.loaded / event.total)
      }
      xhr.onload = () => {
        let body: unknown
        try {
          body = xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText)
        } catch (error) {
          reject(ApiError.parse(xhr.status, error))
          return
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          request.onProgress?.(1)
          resolve(body as Answer)
          return
        }
        if (xhr.status === 401 && token) options.onUnauthorized()
        reject(ApiError.fromAnswer(xhr.status, xhr.statusText, body))
      }
      xhr.onerror = () => reject(ApiError.network(new Error('The upload could not reach the server.')))
      xhr.onabort = () => reject(ApiError.network(new DOMException('The upload was stopped.', 'AbortError')))
      request.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
      xhr.send(request.form)
    })
}
