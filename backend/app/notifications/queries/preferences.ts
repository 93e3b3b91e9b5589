import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Role } from '#core/roles'
import { kindsFor, NOTIFICATION_KINDS, type NotificationKind } from '#notifications/kinds'

export const PREFERENCES_TABLE = 'notification_preferences'

/** Per person, the kinds whose email they turned off (no row: email on). */
export async function emailOffKinds(
  userIds: number[],
  client?: TransactionClientContract
): Promise<Map<number, Set<string>>> {
  const rows = await (client ?? db)
    .from(PREFERENCES_TABLE)
    .whereIn('user_id', userIds)
    .where('email', false)
    .select('user_id', 'kind')
  const off = new Map<number, Set<string>>()
  for (const row of rows) {
    const userId = Number(row.user_id)
    if (!off.has(userId)) off.set(userId, new Set())
    off.get(userId)!.add(String(row.kind))
  }
  return off
}

export type EmailPreference = { kind: NotificationKind; label: string; email: boolean }

export async function emailPreferences(user: { id: number; role: Role }): Promise<EmailPreference[]> {
  const off = (await emailOffKinds([user.id])).get(user.id) ?? new Set()
  return kindsFor(user.role).map((kind) => ({ kind, label: NOTIFICATION_KINDS[kind].label, email: !off.has(kind) }))
}
