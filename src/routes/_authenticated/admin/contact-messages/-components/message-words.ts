/** The colour of each status's badge dot; the words are in shared/labels.ts. */
export const MESSAGE_STATUS_COLORS = { new: 'blue', read: 'yellow', handled: 'gray' } as const
