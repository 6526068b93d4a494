import { ENUMS } from '@shared/contract.gen'
import { labelOf } from '@shared/labels'
import type { SuggestionReason } from '@/api/placements'
import type { components } from '@/api/schema.gen'

type DeliveryMode = components['schemas']['DeliveryMode']

/** A suggestion's factor in words, from what the server judged it on. */
export function reasonText(reason: SuggestionReason, mode: DeliveryMode): string {
  const [first = ''] = reason.detail
  switch (reason.factor) {
    case 'subject':
      return reason.met ? `Teaches ${first}` : `Does not list ${first}`
    case 'level': {
      const level = labelOf('StudyLevel', first as Parameters<typeof labelOf<'StudyLevel'>>[1], 'staff')
      return reason.met ? `Teaches ${level}` : `Does not list ${level}`
    }
    case 'mode': {
      const way = labelOf('DeliveryMode', first as DeliveryMode, 'staff').toLowerCase()
      return reason.met ? `Teaches ${way}` : `Does not teach ${way}`
    }
    case 'area':
      if (mode === 'online') return 'Online lessons: the area does not matter'
      if (reason.met) return `Near the learner: ${reason.detail.join(', ')}`
      return reason.detail.length > 0 ? `Travels to ${reason.detail.join(', ')}, not near the learner` : 'Area not recorded'
    case 'availability': {
      if (!reason.met) return 'No free time in common recorded'
      const days = new Set<string>(ENUMS.Weekday)
      const words = reason.detail.map((value) =>
        days.has(value) ? labelOf('Weekday', value as Parameters<typeof labelOf<'Weekday'>>[1]) : labelOf('TimeOfDay', value as Parameters<typeof labelOf<'TimeOfDay'>>[1]).replace(/ \(.*\)$/, '').toLowerCase(),
      )
      return `Both free: ${words.join(', ')}`
    }
  }
}
