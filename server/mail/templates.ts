export const MAIL_FROM = 'TEC <no-reply@tec.test>'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string | null
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The link sits on a line of its own so every mail client makes it clickable and copyable. */
export function resetPasswordMail(to: { email: string; name: string }, link: string, validMinutes: number): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    'Someone (we hope you) asked to set a new password for your TEC account. Open this link to choose one:',
    '',
    link,
    '',
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    '',
    'TEC',
  ].join('\n')
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    '<p>Someone (we hope you) asked to set a new password for your TEC account. Open this link to choose one:</p>',
    `<p><a href="${escapeHtml(link)}">Set a new password</a></p>`,
    `<p>The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
    '<p>TEC</p>',
  ].join('\n')
  return { to: to.email, subject: 'Reset your TEC password', text, html }
}

/** The http(s) links a stored message holds, for the development outbox page. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}

/**
 * Tells the organisation (the site settings' email) about a contact message. Plain text only: every field is
 * the visitor's own text. The visitor is never mailed, since anyone can type someone else's address.
 */
export function contactMessageMail(
  to: string,
  message: { reference: string; name: string; email: string; phone: string | null; subject: string; message: string },
): MailMessage {
  const text = [
    `A new message came in through the contact form (${message.reference}).`,
    '',
    `From: ${message.name}`,
    `Email: ${message.email}`,
    `Phone: ${message.phone ?? 'not given'}`,
    `Subject: ${message.subject}`,
    '',
    message.message,
    '',
    'Reply to the sender by email or phone within two working days. The address was typed by the visitor and has not been checked.',
  ].join('\n')
  return { to, subject: `New contact message ${message.reference}`, text, html: null }
}
