import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_VALUES_FILE, renderContractValues } from '../../scripts/contract-values.ts'
import { contract } from '../../server/contract/document.ts'
import { compileRequestValidators, compileResponseValidator } from '../../server/contract/validators.ts'
import { handlers } from '../../server/handlers.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

const { operations } = contract()
let t: TestApp
let adminToken: string

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'contract@tec.test', role: 'ADMIN' })
  adminToken = await t.login('contract@tec.test')
})
afterAll(async () => t?.close())

describe('openapi.yaml', () => {
  it('compiles every request validator (each compiles at its first use, so a broken schema shows here and not in a request)', () => {
    const validators = compileRequestValidators(contract())
    for (const operation of operations) {
      const each = validators.get(operation.operationId)
      expect(each, operation.operationId).toBeDefined()
      for (const check of [each?.path, each?.query, each?.header, each?.cookie, each?.body]) {
        if (check === undefined) continue
        expect(() => check({}), operation.operationId).not.toThrow()
      }
    }
  })

  it('has exactly one handler per operation', () => {
    expect(Object.keys(handlers).sort()).toEqual(operations.map((operation) => operation.operationId).sort())
  })

  it('files each operation under its resource: its one tag names the server folder whose handlers.ts answers it', async () => {
    for (const operation of operations) {
      const module = (await import(`../../server/${operation.tag}/handlers.ts`)) as Record<string, unknown>
      expect(module[operation.operationId], `server/${operation.tag}/handlers.ts exports ${operation.operationId}`).toBe(handlers[operation.operationId as keyof typeof handlers])
    }
  })

  // The test client checks every answer against the schema declared for its status and throws otherwise,
  // so each call below (and every call in the other files) also proves the answer matches the contract.
  it.each(operations.map((operation) => [operation.operationId, operation] as const))('serves %s', async (_id, operation) => {
    const url = `/api${operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`
    for (const token of operation.roles.length > 0 ? [undefined, adminToken] : [undefined]) {
      const answer = await t.request(operation.method.toUpperCase(), url, { token, ip: '100.64.0.1' })
      if (operation.devOnly || operation.loopbackOnly || operation.operatorOnly) {
        // Development helpers, the backup route and the metrics hide from any request that is not straight from the
        // server's machine (or, for the metrics, carries METRICS_TOKEN), and an in-process request has no socket at
        // all; dev-outbox.test.ts, backup-restore.test.ts and metrics.test.ts reach them over loopback.
        expect(answer.status).toBe(404)
        continue
      }
      expect(answer.status, `${operation.operationId} must be routed`).not.toBe(405)
      expect(answer.body, `${operation.operationId} must be routed`).not.toEqual({ message: 'No such API endpoint.' })
      expect([...operation.responses.keys()]).toContain(answer.status)
      if (operation.roles.length > 0 && token === undefined) expect(answer.status).toBe(401)
    }
  })

  it('matches shared/contract.gen.ts, the enum values and limits both sides take from it (npm run gen rewrites it)', () => {
    expect(readFileSync(CONTRACT_VALUES_FILE, 'utf8')).toBe(renderContractValues(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')))
  })

  it('declares an Error body for every error answer', () => {
    const check = compileResponseValidator(contract())
    for (const operation of operations) {
      for (const status of operation.responses.keys()) {
        if (status < 400) continue
        expect(check(operation, status, { message: 'x' }), `${operation.operationId} ${status}`).toEqual([])
        expect(check(operation, status, { message: 'x', stack: 'at x' }).length, `${operation.operationId} ${status}`).toBeGreaterThan(0)
      }
    }
  })
})
