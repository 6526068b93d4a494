import { createApiClient, type ApiClient } from '@/api/client'

export const API_BASE = 'http://api.test/api'

export type Handler = (request: Request) => Response | Promise<Response>

/** An API answering with real Response objects: the client's transport, not a stand-in for our code. */
export function apiWith(handlers: Record<string, Handler>, session: { token: string | null; onUnauthorized?: () => void }) {
  const requests: Request[] = []
  const client: ApiClient = createApiClient({
    baseUrl: API_BASE,
    getToken: () => session.token,
    onUnauthorized: () => session.onUnauthorized?.(),
    fetch: async (request) => {
      requests.push(request.clone())
      const route = `${request.method} ${new URL(request.url).pathname.replace('/api', '')}`
      const handler = handlers[route]
      return handler ? handler(request) : json(404, { message: `No handler for ${route}` })
    },
  })
  return { client, requests }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}
