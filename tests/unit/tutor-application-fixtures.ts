import type { TutorApplicationDraft } from '@/machines/tutor-application.rules'

/** Answers that pass every step of the tutor application. */
export function completeDraft(): TutorApplicationDraft {
  return {
    personal: { name: 'Priya Shah', email: 'priya.shah@example.org', phone: '07700 900123', postcode: 'LS6 2AB' },
    teaching: {
      subjects: ['Maths', 'Physics'],
      levels: ['gcse', 'a_level'],
      highestQualification: 'postgraduate',
      qualifiedTeacher: 'yes',
      qualifications: 'MSc Physics, PGCE Secondary Science',
      experienceYears: '6',
      experience: 'Six years teaching physics and maths at a Leeds secondary school.',
    },
    delivery: { modes: ['home', 'online'], travelArea: 'North Leeds', maxTravelMiles: '10' },
    availability: { days: ['tuesday', 'thursday'], times: ['after_school', 'evening'], hoursPerWeek: '6' },
    backgroundCheck: { hasEnhancedCheck: 'yes', certificateNumber: '001234567890', onUpdateService: true, consentToCheck: true },
    referees: [
      { name: 'Helen Carter', relationship: 'Head of science at my school', email: 'helen.carter@example.org', phone: '0113 496 0000' },
      { name: 'Tom Okafor', relationship: 'Former tutoring manager', email: 'tom.okafor@example.org', phone: '0113 496 0001' },
    ],
    personalStatement: 'I love helping learners find the moment where physics suddenly makes sense to them.',
    heardAbout: 'friend_or_family',
    privacyConsent: true,
    marketingConsent: false,
    website: '',
  }
}

