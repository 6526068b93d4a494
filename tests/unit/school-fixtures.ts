import type { components } from '@/api/schema.gen'

/** A school with no learners, as the school page's API answers it; tests choose its id and how often it has changed. */
export function hillsidePrimary(id: string, { version, createdAt }: { version: number; createdAt: string }): components['schemas']['SchoolRecord'] {
  return {
    id,
    version,
    fields: {
      name: 'Hillside Primary',
      type: 'primary',
      address: { line1: '2 Hill Road', town: 'Leeds', postcode: 'LS6 1AA' },
      contacts: [{ name: 'Joan Ward', role: 'Head teacher', email: 'head@hillside.example', phone: '0113 496 0200' }],
      safeguardingLead: { name: 'Joan Ward', email: 'dsl@hillside.example' },
    },
    students: [],
    createdAt,
    updatedAt: '2026-11-01T09:00:00.000Z',
  }
}
