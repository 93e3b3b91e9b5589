import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'
import { paginate, parseListParams } from '#core/listing'
import PersonalDataPolicy from '#privacy/policies/personal_data_policy'
import DecideAccountDeletion, { DELETION_REQUEST_NOT_FOUND } from '#privacy/actions/decide_account_deletion'
import AccountDeletionRequest, { DELETION_REQUEST_STATUSES } from '#privacy/models/account_deletion_request'
import { decideAccountDeletionValidator } from '#privacy/validators/account_deletion'
import { serializeDeletionRequest } from '#privacy/transformers/account_deletion_request_transformer'

const SORTABLE = { id: 'id', createdAt: 'created_at', status: 'status', decidedAt: 'decided_at' }

export default class AccountDeletionRequestsController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(PersonalDataPolicy).authorize('decide')
    const params = parseListParams(ctx, SORTABLE, ['createdAt', 'DESC'])
    const query = AccountDeletionRequest.query()
    const status = params.filter.status
    if (status !== undefined && status !== null && status !== '' && status !== 'all') {
      if (!DELETION_REQUEST_STATUSES.includes(status as never)) {
        throw AppError.invalid('filter.status', 'status must be pending, confirmed or declined')
      }
      query.where('status', status as string)
    }
    ctx.response.header('Cache-Control', 'private, no-store')
    const rows = await paginate(ctx, 'account-deletion-requests', query, params, (page) => page.preload('decidedBy'))
    return rows.map(serializeDeletionRequest)
  }

  async show({ bouncer, params, response }: HttpContext) {
    await bouncer.with(PersonalDataPolicy).authorize('decide')
    const request = await AccountDeletionRequest.query().where('id', params.id).preload('decidedBy').first()
    if (!request) throw AppError.notFound(DELETION_REQUEST_NOT_FOUND)
    response.header('Cache-Control', 'private, no-store')
    return serializeDeletionRequest(request)
  }

  @inject()
  async update(ctx: HttpContext, decide: DecideAccountDeletion) {
    await ctx.bouncer.with(PersonalDataPolicy).authorize('decide')
    const input = await ctx.request.validateUsing(decideAccountDeletionValidator)
    const decision =
      input.decision === 'decline'
        ? { decision: 'decline' as const, declineReason: input.declineReason! }
        : { decision: 'confirm' as const }
    const request = await decide.handle(Number(ctx.params.id), decision, auditBy(ctx))
    await request.load('decidedBy')
    return {
      ...serializeDeletionRequest(request),
      message:
        request.status === 'confirmed'
          ? 'The account has been anonymised and its documents deleted.'
          : 'The request has been declined.',
    }
  }
}
