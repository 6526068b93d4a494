import { spawn, type ChildProcess } from 'node:child_process'
import { networkInterfaces } from 'node:os'
import { createServer } from 'node:net'

/** A free TCP port on the loopback interface, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  baseUrl: string
  /** What the process printed, for failure messages. */
  output: () => string
  /** SIGTERM, then SIGKILL after 15 s: a clean shutdown. */
  stop: () => Promise<void>
  /** SIGKILL at once, as a crash or the OOM killer would: nothing gets to finish. */
  kill: () => Promise<void>
}

/**
 * Starts the real server as its own process and waits until /api/health answers: its source (`server/index.ts`,
 * through tsx) unless `script` names a compiled one, such as `npm start` runs. `env` says where its data is
 * (DATA_DIR or DATABASE_URL) and anything else to set; nothing else leaks in from the test runner's own database
 * or mail settings.
 */
export async function startServerProcess(settings: Record<string, string>, options: { script?: string } = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(settings, options)
    } catch (error) {
      // The port was free when chosen, but is not once the server binds it: another file's server, or the local end of
      // one of the many connections the neighbours open, took it in between. A new port, a few times at most.
      if (!(error instanceof PortTaken) || attempt === 3) throw error
    }
  }
}

/** The server could not listen on the port chosen for it: it was taken after freePort found it free. */
class PortTaken extends Error {}

async function startOnFreePort(settings: Record<string, string>, { script }: { script?: string }): Promise<ServerProcess> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY']) delete env[name]
  Object.assign(env, { NODE_ENV: 'test', PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' }, settings)

  const child = spawn(process.execPath, script === undefined ? ['--import', 'tsx', 'server/index.ts'] : [script], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

  await waitForHealth(baseUrl, child, () => output)
  return { baseUrl, output: () => output, stop: () => stopProcess(child), kill: () => killProcess(child) }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const message = `The server exited with code ${child.exitCode}:\n${output()}`
      throw output().includes(`Port ${new URL(baseUrl).port} is already in use`) ? new PortTaken(message) : new Error(message)
    }
    try {
      const answer = await fetch(`${baseUrl}/api/health`)
      if (answer.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`The server did not answer /api/health within 90 s:\n${output()}`)
}

async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGKILL')
  await exited
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/** This machine's address on its network (not loopback): where another machine would reach the server. */
export function networkAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
  if (!found) throw new Error('This machine has no IPv4 address besides loopback, so the test cannot reach the server as another machine would.')
  return found.address
}
