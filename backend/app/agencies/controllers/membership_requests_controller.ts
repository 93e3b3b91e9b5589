import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { auditBy } from '#audit'
import MembershipRequestPolicy from '#agencies/policies/membership_request_policy'
import RequestMembership, { REQUEST_SUBMITTED } from '#agencies/actions/request_membership'
import DecideMembershipRequest, { type MembershipDecision } from '#agencies/actions/decide_membership_request'
import ListMembershipRequests from '#agencies/queries/list_membership_requests'
import FindPendingRequest from '#agencies/queries/find_pending_request'
import {
  decideMembershipRequestValidator,
  listMembershipRequestsValidator,
  requestMembershipValidator,
} from '#agencies/validators/membership_request'
import { serializeMembershipRequest } from '#agencies/transformers/membership_request_transformer'
import { isSuperAdmin } from '#core/roles'

export default class MembershipRequestsController {
  @inject()
  async store(ctx: HttpContext, requestMembership: RequestMembership) {
    const user = ctx.auth.user as User
    await ctx.bouncer.with(MembershipRequestPolicy).authorize('file')
    const { userId, ...payload } = await ctx.request.validateUsing(requestMembershipValidator)
    await ctx.bouncer.with(MembershipRequestPolicy).authorize('fileFor', userId)
    const request = await requestMembership.handle(user, payload)
    return ctx.response.created({
      message: REQUEST_SUBMITTED,
      agencyId: request.agencyId,
      request: serializeMembershipRequest(request),
    })
  }

  @inject()
  async index(ctx: HttpContext, listRequests: ListMembershipRequests) {
    const user = ctx.auth.user as User
    await ctx.bouncer.with(MembershipRequestPolicy).authorize('viewAny')
    const filter = await ctx.request.validateUsing(listMembershipRequestsValidator)
    const requests = await listRequests.handle({
      status: filter.status ?? 'pending',
      agencyId: isSuperAdmin(user.role) ? filter.agencyId : user.agencyId!,
    })
    return requests.map(serializeMembershipRequest)
  }

  @inject()
  async approve(ctx: HttpContext, findRequest: FindPendingRequest, decide: DecideMembershipRequest) {
    return this.decide(ctx, 'approve', findRequest, decide)
  }

  @inject()
  async reject(ctx: HttpContext, findRequest: FindPendingRequest, decide: DecideMembershipRequest) {
    return this.decide(ctx, 'reject', findRequest, decide)
  }

  private async decide(
    ctx: HttpContext,
    decision: MembershipDecision,
    findRequest: FindPendingRequest,
    decide: DecideMembershipRequest
  ) {
    await ctx.bouncer.with(MembershipRequestPolicy).authorize('decideAny')
    const pending = await findRequest.handle(Number(ctx.params.userId))
    await ctx.bouncer.with(MembershipRequestPolicy).authorize('decide', pending)
    const { notes } = await ctx.request.validateUsing(decideMembershipRequestValidator)
    const request = await decide.handle(ctx.auth.user as User, pending.id, decision, notes ?? null, auditBy(ctx))
    const outcome = decision === 'approve' ? 'approved' : 'rejected'
    return { message: `Request ${outcome} successfully`, request: serializeMembershipRequest(request) }
  }
}
