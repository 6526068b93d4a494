import { get } from 'node:http'

/**
 * A GET on a connection of its own: the supervisor of several processes hands each new connection to the next one,
 * and a server answering before the framework does so per connection.
 */
export function getAlone(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    }).on('error', reject)
  })
}
