import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Secrets at rest (the staff's authenticator secrets): AES-256-GCM with the key from the settings, a fresh 96-bit
 * nonce each time, and the owner's id as additional data, so a ciphertext copied onto another account's row does
 * not open. Stored as `v1.<nonce>.<tag>.<ciphertext>`, base64url.
 */
const VERSION = 'v1'

export function seal(key: Buffer, plaintext: string, ownerId: string): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(ownerId))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.')
}

/** The plaintext, or an error when the box was made with another key, for another owner, or altered. */
export function open(key: Buffer, sealed: string, ownerId: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split('.')
  if (version !== VERSION || nonce === undefined || tag === undefined || ciphertext === undefined) throw new Error('A sealed secret is not in a form this server knows.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
  decipher.setAAD(Buffer.from(ownerId))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}
