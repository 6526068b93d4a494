import type { AddressInfo } from 'node:net'
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

/** A message the sink received: the parsed mail plus the envelope recipients it was sent to. */
export interface SinkMail extends Email {
  envelopeTo: string[]
}

export interface SmtpSink {
  /** An SMTP_URL for the server under test. */
  url: string
  messages: SinkMail[]
  /** Resolves with the first message (already received or still to come) addressed to `to`, and with a subject `subject` matches when given. */
  waitForMail(to: string, options?: { timeout?: number; subject?: RegExp }): Promise<SinkMail>
  close(): Promise<void>
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * A real SMTP server on 127.0.0.1 that accepts any message (no TLS, no auth) and keeps it in memory. `refuse` messages
 * are first answered with a temporary failure (451), as a mail server that is down or busy answers, before any is taken.
 */
export async function startSmtpSink(options: { refuse?: number } = {}): Promise<SmtpSink> {
  let refusalsLeft = options.refuse ?? 0
  const messages: SinkMail[] = []
  const waiters = new Set<{ to: string; subject: RegExp | undefined; resolve: (mail: SinkMail) => void }>()
  const addressedTo = (mail: SinkMail, to: string, subject?: RegExp) => mail.envelopeTo.includes(to.toLowerCase()) && (subject === undefined || subject.test(mail.subject ?? ''))

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      if (refusalsLeft > 0) {
        refusalsLeft -= 1
        stream.resume()
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })))
        return
      }
      const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
      readAll(stream)
        .then((raw) => PostalMime.parse(raw))
        .then((email) => {
          const mail: SinkMail = { ...email, envelopeTo }
          messages.push(mail)
          for (const waiter of waiters) {
            if (addressedTo(mail, waiter.to, waiter.subject)) {
              waiters.delete(waiter)
              waiter.resolve(mail)
            }
          }
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, { timeout = 5000, subject } = {}) {
      const already = messages.find((mail) => addressedTo(mail, to, subject))
      if (already) return Promise.resolve(already)
      return new Promise((resolve, reject) => {
        const waiter = {
          to,
          subject,
          resolve: (mail: SinkMail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`No mail to ${to}${subject === undefined ? '' : ` with a subject like ${String(subject)}`} arrived within ${timeout} ms.`))
        }, timeout)
        waiters.add(waiter)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
