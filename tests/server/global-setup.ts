import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { buildCommands, buildServer } from '../../scripts/build-server.ts'
import { databaseFromPglite, databaseFromUrl } from '../../server/db/client.ts'
import { adminQuery, findPostgresBin, startPostgresCluster } from './support/postgres-cluster.ts'

export type TestDatabaseTarget =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; adminUrl: string; template: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget
    /**
     * The server compiled from this run's sources as `npm start` runs it (scripts/build-server.ts): a process starts in
     * about half the time of the source under tsx. Apart from build/server.mjs, so a test run never replaces that.
     */
    serverScript: string
    /** The command-line tools compiled the same way (scripts/build-server.ts), one `<name>.mjs` each. */
    commandDir: string
  }
}

const TEMPLATE_DATABASE = 'tec_template'

/**
 * Migrates one database per run and lets every test file copy it: a PGlite dump loaded in memory, or a
 * PostgreSQL template database in a throwaway cluster (server-pg project).
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  // One file per project: the two projects' setups may build at the same time.
  const serverScript = path.resolve(`.tmp/server/server-${project.name}.mjs`)
  const commandDir = path.resolve(`.tmp/server/commands-${project.name}`)
  await Promise.all([buildServer(serverScript), buildCommands(commandDir)])
  project.provide('serverScript', serverScript)
  project.provide('commandDir', commandDir)

  // The project's `env` reaches the test workers, not this setup, so the project is recognised by its name too.
  const wantsPostgres = project.name === 'server-pg' || process.env.TEST_DATABASE === 'postgres'
  if (!wantsPostgres) {
    const client = await PGlite.create()
    const database = databaseFromPglite(client)
    await database.migrate()
    const dump = await client.dumpDataDir('none')
    await database.close()
    const dumpFile = path.resolve('.tmp/server/pglite-template.tar')
    mkdirSync(path.dirname(dumpFile), { recursive: true })
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()))
    project.provide('testDatabase', { kind: 'pglite', dumpFile })
    return undefined
  }

  const bin = findPostgresBin()
  if (bin === undefined) {
    // Never a silent skip: the server-pg project's tests need PostgreSQL, so without it they fail, saying why.
    throw new Error('No PostgreSQL binaries (initdb, pg_ctl) on this machine. Install them: apt-get install -y postgresql')
  }
  const cluster = await startPostgresCluster(bin)
  try {
    await adminQuery(cluster.adminUrl(), `create database ${TEMPLATE_DATABASE}`)
    const template = databaseFromUrl(cluster.adminUrl(TEMPLATE_DATABASE))
    await template.migrate()
    await template.close()
  } catch (error) {
    cluster.stop()
    throw error
  }
  project.provide('testDatabase', { kind: 'postgres', adminUrl: cluster.adminUrl(), template: TEMPLATE_DATABASE })
  return () => cluster.stop()
}
