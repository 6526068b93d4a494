import type { ApiClient } from './client'

/**
 * Erasing registrations and contact messages, and anonymising a learner, a tutor, a school contact or a contact
 * person; ADMIN only. Each answers no content; a refusal arrives as an ApiError (409 with the reason, 400 on
 * `confirmName` when the typed name is not the person's).
 */
export function createErasureApi(client: ApiClient) {
  return {
    eraseRegistration: async (registrationId: string) => {
      await client.DELETE('/admin/registrations/{registrationId}', { params: { path: { registrationId } } })
    },
    eraseContactMessage: async (messageId: string) => {
      await client.DELETE('/admin/contact-messages/{messageId}', { params: { path: { messageId } } })
    },
    anonymiseStudent: async (studentId: string, confirmName: string) => {
      await client.POST('/admin/students/{studentId}/anonymise', { params: { path: { studentId } }, body: { confirmName } })
    },
    anonymiseTutor: async (tutorId: string, confirmName: string) => {
      await client.POST('/admin/tutors/{tutorId}/anonymise', { params: { path: { tutorId } }, body: { confirmName } })
    },
    anonymiseSchoolContact: async (schoolId: string, contactIndex: number, confirmName: string) => {
      await client.POST('/admin/schools/{schoolId}/contacts/anonymise', { params: { path: { schoolId } }, body: { contactIndex, confirmName } })
    },
    anonymiseContact: async (email: string, confirmName: string) => {
      await client.POST('/admin/contacts/anonymise', { body: { email, confirmName } })
    },
  }
}

export type ErasureApi = ReturnType<typeof createErasureApi>
