import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import env from '#start/env'

export type RecordedMail = {
  to: Array<{ address: string }>
  subject: string
  text: string
  html?: string
  replyTo?: unknown
}

/** Where the tests' mail is recorded (MAIL_OUTBOX, one JSON line per email). */
export const outboxPath = () => app.makePath(env.get('MAIL_OUTBOX')!)

/** Every email recorded so far, or those to `address`. */
export async function recordedMails(address?: string): Promise<RecordedMail[]> {
  const text = await readFile(outboxPath(), 'utf8').catch(() => '')
  const mails = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedMail)
  return address === undefined ? mails : mails.filter((mail) => mail.to.some((to) => to.address === address))
}
