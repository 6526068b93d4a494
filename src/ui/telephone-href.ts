/** A `tel:` link for a phone number as people write it ("0161 496 0000" → "tel:01614960000"). */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`
}
