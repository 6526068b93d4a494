/** A partner school as the office records it, for tests that need lessons at school. */
export const HILLSIDE_PRIMARY = {
  name: 'Hillside Primary',
  type: 'primary',
  address: { line1: '2 Hill Road', town: 'Leeds', postcode: 'LS6 1AA' },
  contacts: [{ name: 'Joan Ward', role: 'Head teacher', email: 'head@hillside.example', phone: '0113 496 0200' }],
  safeguardingLead: { name: 'Joan Ward', email: 'dsl@hillside.example' },
} as const
