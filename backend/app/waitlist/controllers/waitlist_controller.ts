import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import { isSuperAdmin } from '#core/roles'
import { Lot } from '#inventory'
import WaitlistPolicy from '#waitlist/policies/waitlist_policy'
import JoinWaitlist from '#waitlist/actions/join_waitlist'
import LeaveWaitlist from '#waitlist/actions/leave_waitlist'
import { agencyPlaces, lineOf, placesOf } from '#waitlist/queries/places'
import { agencyWaitlistQueryValidator } from '#waitlist/validators/waitlist'
import {
  serializeAgencyPlace,
  serializeJoined,
  serializeLinePlace,
  serializeMyPlace,
} from '#waitlist/transformers/waitlist_transformer'
import { LEFT, LOT_NOT_FOUND } from '#waitlist/messages'

const DEFAULT_PER_PAGE = 25

export default class WaitlistController {
  @inject()
  async store({ auth, bouncer, params, response }: HttpContext, join: JoinWaitlist) {
    await bouncer.with(WaitlistPolicy).authorize('join')
    const { entry, position } = await join.handle(auth.user as User, Number(params.lotId))
    return response.created({
      message: `You have joined the waitlist. You are number ${position} in line.`,
      ...serializeJoined(entry, position),
    })
  }

  @inject()
  async destroy({ auth, params }: HttpContext, leave: LeaveWaitlist) {
    await leave.handle(auth.user as User, Number(params.lotId))
    return { message: LEFT }
  }

  async mine({ auth }: HttpContext) {
    const { entries, positions } = await placesOf((auth.user as User).id)
    return { data: entries.map((entry) => serializeMyPlace(entry, positions.get(entry.id) ?? null)) }
  }

  async line({ auth, bouncer, params }: HttpContext) {
    await bouncer.with(WaitlistPolicy).authorize('viewLine')
    const user = auth.user as User
    const lot = await Lot.find(params.lotId)
    if (!lot) throw AppError.notFound(LOT_NOT_FOUND)
    const places = await lineOf(lot.id, isSuperAdmin(user.role) ? undefined : user.agencyId!)
    return { data: places.map(({ entry, position }) => serializeLinePlace(entry, position)), total: places.length }
  }

  async agency({ auth, bouncer, request, response }: HttpContext) {
    await bouncer.with(WaitlistPolicy).authorize('listAgency')
    const user = auth.user as User
    const { page = 1, perPage = DEFAULT_PER_PAGE } = await request.validateUsing(agencyWaitlistQueryValidator)
    const { total, entries, positions } = await agencyPlaces(user.agencyId!, page, perPage)
    const from = (page - 1) * perPage
    response.header('X-Total-Count', String(total))
    response.header('Content-Range', `waitlist ${from}-${entries.length ? from + entries.length - 1 : from}/${total}`)
    response.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count')
    return {
      data: entries.map((entry) => serializeAgencyPlace(entry, positions.get(entry.id) ?? null)),
      total,
      page,
      perPage,
    }
  }
}
