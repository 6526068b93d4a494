import type { Handler } from '../contract/types.ts'
import { listLearnersOf, MY_LEARNER_MESSAGES, readLearnerOf } from './queries.ts'

export const listMyLearners: Handler<'listMyLearners'> = async ({ session }, deps) => {
  return { status: 200, body: await listLearnersOf(deps.database.db, session().user.id) }
}

export const getMyLearner: Handler<'getMyLearner'> = async ({ params, session }, deps) => {
  const learner = await readLearnerOf(deps.database.db, session().user.id, params.studentId)
  if (learner) deps.openings.record({ userId: session().user.id, subjectType: 'student', subjectId: params.studentId, kind: 'opened' })
  // A learner placed with someone else, or no longer placed with this tutor, answers exactly as one who does not exist.
  return learner ? { status: 200, body: learner } : { status: 404, body: { message: MY_LEARNER_MESSAGES.notFound } }
}
