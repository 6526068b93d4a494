import { spawn } from 'node:child_process'
import path from 'node:path'
import { inject } from 'vitest'

export interface CommandRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs one of the project's command-line tools (server/cli/<name>.ts) as an operator runs it: a process of its own,
 * with the environment given on top of this one's (the database settings cleared first, so none leaks in from the
 * test run), and what it printed. The tool is this run's compiled copy (the server projects' global setup makes them),
 * or with `fromSource` the source through tsx, as `npm run <script>` runs it.
 */
export function runCommand(
  name: string,
  args: string[],
  env: Record<string, string>,
  { stdin, fromSource = false }: { stdin?: string; fromSource?: boolean } = {},
): Promise<CommandRun> {
  const program = fromSource ? ['--import', 'tsx', `server/cli/${name}.ts`] : [path.join(inject('commandDir'), `${name}.mjs`)]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...program, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    if (stdin !== undefined) child.stdin?.end(stdin)
  })
}
