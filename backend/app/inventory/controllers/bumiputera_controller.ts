import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { auditBy, recordAudit } from '#audit'
import { AppError, type FieldError } from '#core/errors'
import Development from '#inventory/models/development'
import Lot from '#inventory/models/lot'
import DevelopmentPolicy from '#inventory/policies/development_policy'
import LotPolicy from '#inventory/policies/lot_policy'
import { bumiputeraQuotaValidator, lotBumiputeraValidator } from '#inventory/validators/bumiputera'
import { bumiputeraQuotaFill } from '#inventory/queries/bumiputera_quota'
import { isQuotaLot } from '#inventory/bumiputera'
import { announceLotReservation } from '#inventory/events'
import { serializeDevelopmentQuota, serializeLotBumiputera } from '#inventory/transformers/bumiputera_transformer'

/** A release dated a moment ahead (a clock a little ahead of ours) is taken as "now". */
const FUTURE_GRACE_MINUTES = 1

function refuse(errors: FieldError[]): never {
  throw new AppError(errors[0].message, 422, errors)
}

type ReleaseInput = {
  releasedAt?: string | null
  releaseAuthority?: string | null
  releaseReference?: string | null
}

/** The release's three fields together (a moment not in the future), or none of them: null. */
function releaseOf(input: ReleaseInput) {
  const given = [input.releasedAt, input.releaseAuthority, input.releaseReference].filter((value) => value)
  if (given.length === 0) return null
  const errors: FieldError[] = []
  if (!input.releasedAt) errors.push({ field: 'releasedAt', message: 'The release date is required' })
  if (!input.releaseAuthority)
    errors.push({ field: 'releaseAuthority', message: 'The releasing authority is required' })
  if (!input.releaseReference) errors.push({ field: 'releaseReference', message: 'The release reference is required' })
  if (errors.length > 0) refuse(errors)
  const text = input.releasedAt!
  const moment = DateTime.fromISO(text, { setZone: true })
  if (!moment.isValid || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    refuse([{ field: 'releasedAt', message: 'The release date must be a date and time with its zone (ISO 8601)' }])
  }
  if (moment > DateTime.utc().plus({ minutes: FUTURE_GRACE_MINUTES })) {
    refuse([{ field: 'releasedAt', message: 'The release date cannot be in the future' }])
  }
  return {
    releasedAt: moment.toUTC().startOf('second'),
    authority: input.releaseAuthority!,
    reference: input.releaseReference!,
  }
}

function auditedQuota(lot: Lot) {
  return {
    isBumiputeraLot: Boolean(lot.isBumiputeraLot),
    bumiReleasedAt: lot.bumiReleasedAt ?? null,
    bumiReleaseAuthority: lot.bumiReleaseAuthority ?? null,
    bumiReleaseReference: lot.bumiReleaseReference ?? null,
  }
}

/** The Bumiputera quota of a launch: the development's share and which lots are quota lots, or released. */
export default class BumiputeraController {
  /** GET /api/developments/:id/bumiputera-quota: the quota-fill panel (super admins). */
  async fill({ bouncer, params, response }: HttpContext) {
    await bouncer.with(DevelopmentPolicy).authorize('manageBumiputeraQuota')
    const development = await Development.find(params.id)
    if (!development) throw AppError.notFound('Property not found')
    response.header('Cache-Control', 'private, no-store')
    return {
      name: development.name,
      ...(await bumiputeraQuotaFill(development.id, development.bumiputeraQuotaPercent ?? null)),
    }
  }

  async quota(ctx: HttpContext) {
    const { bouncer, params, request } = ctx
    await bouncer.with(DevelopmentPolicy).authorize('manageBumiputeraQuota')
    const development = await Development.find(params.id)
    if (!development) throw AppError.notFound('Property not found')
    const { quotaPercent } = await request.validateUsing(bumiputeraQuotaValidator)
    const before = { bumiputeraQuotaPercent: development.bumiputeraQuotaPercent ?? null }
    await db.transaction(async (trx) => {
      development.useTransaction(trx)
      development.bumiputeraQuotaPercent = quotaPercent
      await development.save()
      await recordAudit(trx, auditBy(ctx), {
        action: 'development.bumiputera_quota_changed',
        subject: { type: 'development', id: development.id, label: development.name },
        before,
        after: { bumiputeraQuotaPercent: quotaPercent },
      })
    })
    return { message: 'Bumiputera quota saved.', ...serializeDevelopmentQuota(development) }
  }

  /** GET /api/lots/:id/bumiputera: the lot's quota flag and release, as the lot edit shows them (super admins). */
  async showLot({ bouncer, params, response }: HttpContext) {
    await bouncer.with(LotPolicy).authorize('manage')
    const lot = await Lot.find(params.id)
    if (!lot) throw AppError.notFound('Lot not found')
    response.header('Cache-Control', 'private, no-store')
    return serializeLotBumiputera(lot)
  }

  /** Under the lot's lock: a booking that checks the lot's quota sees the change before it or after it. */
  async lot(ctx: HttpContext) {
    const { bouncer, params, request } = ctx
    await bouncer.with(LotPolicy).authorize('manage')
    const input = await request.validateUsing(lotBumiputeraValidator)
    const release = releaseOf(input)
    const lot = await db.transaction(async (trx) => {
      const locked = await Lot.query({ client: trx }).where('id', params.id).forUpdate().first()
      if (!locked) throw AppError.notFound('Lot not found')
      const before = auditedQuota(locked)
      const wasReserved = isQuotaLot(locked)
      locked.useTransaction(trx)
      locked.isBumiputeraLot = input.isBumiputeraLot
      locked.bumiReleasedAt = release?.releasedAt ?? null
      locked.bumiReleaseAuthority = release?.authority ?? null
      locked.bumiReleaseReference = release?.reference ?? null
      await locked.save()
      await recordAudit(trx, auditBy(ctx), {
        action: 'lot.bumiputera_changed',
        subject: {
          type: 'lot',
          id: locked.id,
          label: locked.unitNumber ? `${locked.unitNumber} (lot ${locked.lotNumber})` : `lot ${locked.lotNumber}`,
        },
        before,
        after: auditedQuota(locked),
      })
      if (isQuotaLot(locked) !== wasReserved) announceLotReservation(locked, !wasReserved, trx)
      return locked
    })
    return { message: 'Bumiputera quota lot saved.', ...serializeLotBumiputera(lot) }
  }
}
