import { contract } from './document.ts'
import { compileSchemaValidator, type FieldErrors } from './validators.ts'

/**
 * Trims every text and leaves out optional text that is blank, so "   " counts as not given: checking the result
 * against the contract again then says "This field is required." for a blank required field. Objects are built
 * with fromEntries, so no key can reach a prototype (the request was validated and depth-checked before).
 */
export function cleanInput(value: unknown): unknown {
  if (typeof value === 'string') return value.trim()
  if (Array.isArray(value)) return value.map(cleanInput)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, cleanInput(item)] as const)
        .filter(([, item]) => item !== ''),
    )
  }
  return value
}

const validators = new Map<string, (value: unknown) => FieldErrors>()

/** The contract's checks for one named schema, with the request validators' messages (compiled once). */
export function checkSchema(schemaName: string, value: unknown): FieldErrors {
  let validate = validators.get(schemaName)
  if (!validate) {
    validate = compileSchemaValidator(contract(), schemaName)
    validators.set(schemaName, validate)
  }
  return validate(value)
}
