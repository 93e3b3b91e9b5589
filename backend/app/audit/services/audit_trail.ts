import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import AuditEntry, { type AuditFields } from '#audit/models/audit_entry'
import { AppError } from '#core/errors'
import type { Role } from '#core/roles'

/** The staff member as an entry remembers them (identity's User satisfies it). */
export type AuditActor = { id: number; name: string; email: string; role: Role }

/** Who made a change, and from which client address (`request.ip()`: trusted proxies only). */
export type AuditBy = { actor: AuditActor; ip: string | null }

export const AUDIT_SUBJECT_TYPES = [
  'lot',
  'agency',
  'user',
  'membership_request',
  'booking',
  'development',
  'data_breach',
  'data_protection_officer',
] as const
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number]

export type AuditSubject = { type: AuditSubjectType; id: number | null; label?: string | null }

/** Given both `before` and `after`, only differing fields are kept; a change that changed nothing is not recorded. */
export type AuditChange = {
  action: string
  subject: AuditSubject
  before?: AuditFields | null
  after?: AuditFields | null
}

/** Never on record, whatever the model: passwords, secrets, tokens, one-time and recovery codes. */
const SECRET = /password|secret|token|recovery|otp|hash/i
/** Every save moves them; they say nothing about what changed. */
const BOOKKEEPING = new Set(['createdAt', 'updatedAt'])

export function auditBy(ctx: Pick<HttpContext, 'auth' | 'request'>): AuditBy {
  const user = ctx.auth.user
  if (!user) throw AppError.unauthorized()
  return { actor: user, ip: ctx.request.ip() || null }
}

/** What the model serializes (never a hidden column such as a password), without timestamps or secrets. */
export function auditFields(row: LucidRow): AuditFields {
  return plain(row.serializeAttributes())
}

/** Inside the change's own transaction: the change and its entry commit together or not at all. */
export async function recordAudit(
  trx: TransactionClientContract,
  by: AuditBy,
  change: AuditChange
): Promise<AuditEntry | null> {
  let before = change.before ? plain(change.before) : null
  let after = change.after ? plain(change.after) : null
  if (before && after) {
    ;({ before, after } = onlyChanged(before, after))
    if (Object.keys(before).length === 0 && Object.keys(after).length === 0) return null
  } else {
    before = before && withoutEmpty(before)
    after = after && withoutEmpty(after)
  }
  return AuditEntry.create(
    {
      actorId: by.actor.id,
      actorName: by.actor.name.slice(0, 120),
      actorEmail: by.actor.email.slice(0, 254),
      actorRole: by.actor.role,
      action: change.action,
      subjectType: change.subject.type,
      subjectId: change.subject.id,
      subjectLabel: change.subject.label?.slice(0, 255) ?? null,
      before,
      after,
      ip: by.ip?.slice(0, 64) ?? null,
    },
    { client: trx }
  )
}

function plain(fields: Record<string, unknown>): AuditFields {
  const out: AuditFields = {}
  for (const [key, value] of Object.entries(fields)) {
    if (BOOKKEEPING.has(key) || SECRET.test(key) || value === undefined) continue
    out[key] = DateTime.isDateTime(value) ? value.toUTC().toISO() : value instanceof Date ? value.toISOString() : value
  }
  return out
}

function onlyChanged(before: AuditFields, after: AuditFields) {
  const changedBefore: AuditFields = {}
  const changedAfter: AuditFields = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (sameValue(before[key], after[key])) continue
    changedBefore[key] = before[key] ?? null
    changedAfter[key] = after[key] ?? null
  }
  return { before: changedBefore, after: changedAfter }
}

/** Decimals come back as text from some drivers: 450000 and '450000.00' are the same price. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null)
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return JSON.stringify(a) === JSON.stringify(b)
}

function withoutEmpty(fields: AuditFields): AuditFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== ''))
}

/** The person's own fields, as user entries keep them before and after a change. */
const PERSONAL_FIELDS = ['name', 'email', 'phone', 'address', 'company', 'agencyRequestMessage']

/**
 * The one change the trail allows to what it holds: entries keep their facts and ids but no longer name a
 * person deleted on request, inside the deletion's transaction, so they leave the trail exactly with the account.
 */
export async function redactPerson(
  trx: TransactionClientContract,
  person: { id: number; email: string },
  label: string
): Promise<number> {
  const email = person.email.toLowerCase()
  const byEmail = `%${email.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  const rows: RedactedRow[] = await trx
    .from('audit_entries')
    .where('actor_id', person.id)
    .orWhere('actor_email', email)
    .orWhere((query) => query.where('subject_type', 'user').where('subject_id', person.id))
    .orWhere('subject_label', 'like', byEmail)
    .select('id', 'actor_id', 'actor_email', 'subject_type', 'subject_id', 'subject_label', 'before', 'after')
  for (const row of rows) {
    const changes: Record<string, unknown> = {}
    if (row.actor_id === person.id || row.actor_email.toLowerCase() === email) {
      Object.assign(changes, { actor_name: label, actor_email: '' })
    }
    const aboutPerson = row.subject_type === 'user' && row.subject_id === person.id
    if (aboutPerson || row.subject_label?.toLowerCase().includes(email)) changes.subject_label = label
    if (aboutPerson) {
      changes.before = withoutPersonalFields(row.before)
      changes.after = withoutPersonalFields(row.after)
    }
    if (Object.keys(changes).length > 0) await trx.from('audit_entries').where('id', row.id).update(changes)
  }
  return rows.length
}

type RedactedRow = {
  id: number
  actor_id: number | null
  actor_email: string
  subject_type: string
  subject_id: number | null
  subject_label: string | null
  before: unknown
  after: unknown
}

function withoutPersonalFields(value: unknown): string | null {
  const fields = typeof value === 'string' ? (JSON.parse(value) as AuditFields) : (value as AuditFields | null)
  if (!fields) return null
  const kept = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, PERSONAL_FIELDS.includes(key) ? null : field])
  )
  return JSON.stringify(kept)
}
