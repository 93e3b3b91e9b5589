import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Development from '#inventory/models/development'
import PriceListVersion from '#inventory/models/price_list_version'
import { dropPublicLotReads } from '#inventory/public_reads'
import { recordAudit, type AuditBy } from '#audit'
import { AppError, type FieldError } from '#core/errors'

export type PriceListInput = {
  label: string
  effectiveAt: string
  entries: Array<{ lotId: number; priceSen: number }>
}

/** A version set a moment ago (a slow request, a clock a little behind) is taken as "now". */
const PAST_GRACE_MINUTES = 1
const INSERT_CHUNK = 500

function refuse(errors: FieldError[]): never {
  throw new AppError(errors[0].message, 422, errors)
}

/** An ISO 8601 moment with its zone; without one it would silently be read as the server's. */
function effectiveMoment(text: string, now: DateTime): DateTime {
  const moment = DateTime.fromISO(text, { setZone: true })
  if (!moment.isValid || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    refuse([{ field: 'effectiveAt', message: 'The effective time must be a date and time with its zone (ISO 8601)' }])
  }
  if (moment < now.minus({ minutes: PAST_GRACE_MINUTES })) {
    refuse([{ field: 'effectiveAt', message: 'The effective time cannot be in the past' }])
  }
  // Stored to the second, like every DATETIME of the schema: a later "now" is never ordered before it.
  return moment.toUTC().startOf('second')
}

/**
 * Publishes a new version of a development's price list: every lot it names must be the
 * development's, named once. The old versions stay as they are; nothing is written on a refusal.
 */
export class PublishPriceList {
  async handle(development: Development, input: PriceListInput, by: AuditBy, now = DateTime.utc()) {
    const effectiveAt = effectiveMoment(input.effectiveAt, now)

    const seen = new Set<number>()
    const twice = input.entries.flatMap((entry, index) => {
      if (!seen.has(entry.lotId)) {
        seen.add(entry.lotId)
        return []
      }
      return [{ field: `entries.${index}.lotId`, message: 'This lot is listed more than once' }]
    })
    if (twice.length) refuse(twice)

    const version = await db.transaction(async (trx) => {
      const lots: Array<{ id: number; development_id: number }> = await trx
        .from('lots')
        .whereIn('id', [...seen])
        .select('id', 'development_id')
      const developmentOf = new Map(lots.map((lot) => [Number(lot.id), Number(lot.development_id)]))
      const wrong = input.entries.flatMap((entry, index): FieldError[] => {
        const owner = developmentOf.get(entry.lotId)
        if (owner === undefined) return [{ field: `entries.${index}.lotId`, message: 'Lot not found' }]
        if (owner !== development.id) {
          return [{ field: `entries.${index}.lotId`, message: 'This lot belongs to another development' }]
        }
        return []
      })
      if (wrong.length) refuse(wrong)

      const created = await PriceListVersion.create(
        {
          developmentId: development.id,
          label: input.label,
          effectiveAt,
          publishedById: by.actor.id,
          entryCount: input.entries.length,
        },
        { client: trx }
      )
      for (let start = 0; start < input.entries.length; start += INSERT_CHUNK) {
        await trx.table('price_list_entries').multiInsert(
          input.entries.slice(start, start + INSERT_CHUNK).map((entry) => ({
            version_id: created.id,
            lot_id: entry.lotId,
            price_sen: entry.priceSen,
          }))
        )
      }
      await recordAudit(trx, by, {
        action: 'development.price_list_published',
        subject: { type: 'development', id: development.id, label: development.name },
        after: {
          priceListVersionId: created.id,
          label: created.label,
          effectiveAt: effectiveAt.toISO(),
          entryCount: created.entryCount,
        },
      })
      return created
    })
    // In force already: the shared public reads must not show the old prices. A later version
    // takes over when its time comes, as the shared reads are only kept a moment.
    if (effectiveAt <= DateTime.utc()) await dropPublicLotReads()
    return version
  }
}
