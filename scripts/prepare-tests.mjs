// Runs before the test suite: makes sure what the tests drive is on this machine, installing it when
// we can (npm packages from the lock file; Debian's chromium and PostgreSQL when running as root).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function hasPostgres() {
  if (has('initdb')) return true
  const base = '/usr/lib/postgresql'
  return existsSync(base) && readdirSync(base).some((v) => existsSync(`${base}/${v}/bin/initdb`))
}

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('tests: installing npm packages (npm ci)')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' })
}

const missing = []
if (!existsSync('/usr/bin/chromium')) missing.push('chromium')
if (!hasPostgres()) missing.push('postgresql')

if (missing.length > 0) {
  if (!isRoot) {
    console.error(`tests: missing Debian packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`)
    process.exit(1)
  }
  console.log(`tests: installing ${missing.join(', ')} from Debian`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env })
}
