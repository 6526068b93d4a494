/**
 * What an edit made from an older version of a record is told (409). Written once here: the server answers with it,
 * and an edit form tells it from any other 409 (a record anonymised meanwhile, which reloading cannot mend) by it, so
 * only this refusal is titled as a change by someone else and offers to reload the record.
 */
export const STALE_VERSION_MESSAGE = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'
