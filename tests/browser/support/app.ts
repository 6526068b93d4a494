import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'

export const demo = {
  admin: { email: 'admin@tec.test', password: 'ChangeMe-2026!' },
  tutor: { email: 'tutor@tec.test', password: 'ChangeMe-2026!' },
} as const

// Debian's Chromium, kept off the network (STACK.md): only loopback resolves.
const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
]

export interface TestApp {
  baseUrl: string
  mail: SmtpSink
  browser: Browser
  server: ServerProcess
  /** A fresh browser profile (its own storage), as a new visitor. */
  newContext: (options?: { width?: number; height?: number }) => Promise<BrowserContext>
  newPage: (options?: { width?: number; height?: number }) => Promise<Page>
  stop: () => Promise<void>
}

/** The real server on its own copy of the seeded database, a real SMTP sink, and Debian's Chromium. */
export async function startTestApp(): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tec-browser-'))
  cpSync(inject('browserTemplateDataDir'), dataDir, { recursive: true })
  const mail = await startSmtpSink()
  const server = await startServerProcess({ dataDir, smtpUrl: mail.url })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })

  const newContext = async (options: { width?: number; height?: number } = {}) =>
    browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    })

  return {
    baseUrl: server.baseUrl,
    mail,
    browser,
    server,
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    stop: async () => {
      await browser.close()
      await server.stop()
      await mail.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
