/** The shape of the contract's `format: uuid` ids: a path or filter that cannot be one is answered without asking. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
