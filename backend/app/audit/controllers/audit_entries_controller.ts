import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import AuditEntry from '#audit/models/audit_entry'
import AuditEntryPolicy from '#audit/policies/audit_entry_policy'
import { AUDIT_SORTABLE, auditEntriesQuery, readAuditFilter } from '#audit/queries/list_audit_entries'
import { serializeAuditEntry } from '#audit/transformers/audit_entry_transformer'
import { AUDIT_CSV_HEADER, auditCsvLine } from '#audit/services/audit_csv'
import { paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

/** Rows read per query while the export streams. */
const EXPORT_BATCH = 500

export default class AuditEntriesController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(AuditEntryPolicy).authorize('view')
    const params = parseListParams(ctx, AUDIT_SORTABLE, ['createdAt', 'DESC'])
    const query = auditEntriesQuery(await readAuditFilter(params.filter))
    ctx.response.header('Cache-Control', 'private, no-store')
    return (await paginate(ctx, 'audit-entries', query, params)).map(serializeAuditEntry)
  }

  async show({ bouncer, params, response }: HttpContext) {
    await bouncer.with(AuditEntryPolicy).authorize('view')
    const entry = await AuditEntry.find(params.id)
    if (!entry) throw AppError.notFound('Audit entry not found')
    response.header('Cache-Control', 'private, no-store')
    return serializeAuditEntry(entry)
  }

  /** Streamed in batches: no row limit, no whole file in memory. */
  async export(ctx: HttpContext) {
    await ctx.bouncer.with(AuditEntryPolicy).authorize('view')
    const params = parseListParams(ctx, AUDIT_SORTABLE, ['createdAt', 'DESC'])
    const query = auditEntriesQuery(await readAuditFilter(params.filter))

    async function* lines() {
      yield AUDIT_CSV_HEADER
      let before = Number.POSITIVE_INFINITY
      while (true) {
        const batch = query.clone().orderBy('id', 'desc').limit(EXPORT_BATCH)
        if (Number.isFinite(before)) batch.where('id', '<', before)
        const entries = await batch
        if (entries.length === 0) return
        yield entries.map(auditCsvLine).join('')
        if (entries.length < EXPORT_BATCH) return
        before = entries[entries.length - 1].id
      }
    }

    const day = new Date().toISOString().slice(0, 10)
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="audit-trail-${day}.csv"`)
    ctx.response.header('Cache-Control', 'private, no-store')
    ctx.response.stream(Readable.from(lines()))
  }
}
