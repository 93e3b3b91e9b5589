import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { paginate, parseListParams } from '#core/listing'
import { Booking } from '#bookings'
import DocumentAccess from '#documents/models/document_access'
import DocumentAccessPolicy from '#documents/policies/document_access_policy'
import {
  DOCUMENT_ACCESS_SORTABLE,
  documentAccessesQuery,
  readDocumentAccessFilter,
} from '#documents/queries/list_document_accesses'
import { DOCUMENT_ACCESS_CSV_HEADER, documentAccessCsvLine } from '#documents/services/document_access_csv'
import {
  serializeAccessForRequester,
  serializeDocumentAccess,
} from '#documents/transformers/document_access_transformer'
import { BOOKING_NOT_FOUND } from '#bookings'

/** Rows read per query while the export streams. */
const EXPORT_BATCH = 500
/** The most of one booking's accesses its requester is shown (newest first). */
const BOOKING_ACCESSES_SHOWN = 200

export default class DocumentAccessesController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(DocumentAccessPolicy).authorize('list')
    const params = parseListParams(ctx, DOCUMENT_ACCESS_SORTABLE, ['createdAt', 'DESC'])
    const query = documentAccessesQuery(await readDocumentAccessFilter(params.filter))
    ctx.response.header('Cache-Control', 'private, no-store')
    return (await paginate(ctx, 'document-accesses', query, params)).map(serializeDocumentAccess)
  }

  async export(ctx: HttpContext) {
    await ctx.bouncer.with(DocumentAccessPolicy).authorize('list')
    const params = parseListParams(ctx, DOCUMENT_ACCESS_SORTABLE, ['createdAt', 'DESC'])
    const query = documentAccessesQuery(await readDocumentAccessFilter(params.filter))

    async function* lines() {
      yield DOCUMENT_ACCESS_CSV_HEADER
      let before = Number.POSITIVE_INFINITY
      while (true) {
        const batch = query.clone().orderBy('id', 'desc').limit(EXPORT_BATCH)
        if (Number.isFinite(before)) batch.where('id', '<', before)
        const rows = await batch
        if (rows.length === 0) return
        yield rows.map(documentAccessCsvLine).join('')
        if (rows.length < EXPORT_BATCH) return
        before = rows[rows.length - 1].id
      }
    }

    const day = new Date().toISOString().slice(0, 10)
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="document-access-${day}.csv"`)
    ctx.response.header('Cache-Control', 'private, no-store')
    ctx.response.stream(Readable.from(lines()))
  }

  async forBooking({ bouncer, params, response }: HttpContext) {
    const booking = /^\d+$/.test(String(params.id)) ? await Booking.find(Number(params.id)) : null
    if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
    await bouncer.with(DocumentAccessPolicy).authorize('viewForBooking', booking)
    const rows = await DocumentAccess.query()
      .where('booking_id', booking.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(BOOKING_ACCESSES_SHOWN)
    response.header('Cache-Control', 'private, no-store')
    return rows.map(serializeAccessForRequester)
  }
}
