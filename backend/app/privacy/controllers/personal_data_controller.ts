import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { auditBy } from '#audit'
import PersonalDataPolicy from '#privacy/policies/personal_data_policy'
import RequestAccountDeletion from '#privacy/actions/request_account_deletion'
import AccountDeletionRequest from '#privacy/models/account_deletion_request'
import { personalDataExport } from '#privacy/queries/personal_data_export'
import { requestAccountDeletionValidator } from '#privacy/validators/account_deletion'
import { serializeDeletionRequest } from '#privacy/transformers/account_deletion_request_transformer'

export default class PersonalDataController {
  /** GET /api/me/personal-data: everything held about them, one ZIP (its documents on the access log). */
  async export({ auth, bouncer, request, response }: HttpContext) {
    await bouncer.with(PersonalDataPolicy).authorize('export')
    const { fileName, archive } = await personalDataExport({ user: auth.user as User, ip: request.ip() || null })
    response.header('Content-Type', 'application/zip')
    response.header('Content-Disposition', `attachment; filename="${fileName}"`)
    response.header('Cache-Control', 'private, no-store')
    return response.send(archive)
  }

  async show({ auth, bouncer, response }: HttpContext) {
    await bouncer.with(PersonalDataPolicy).authorize('export')
    const latest = await AccountDeletionRequest.query()
      .where('user_id', (auth.user as User).id)
      .orderBy('id', 'desc')
      .first()
    response.header('Cache-Control', 'private, no-store')
    return { request: latest ? serializeDeletionRequest(latest) : null }
  }

  @inject()
  async store(ctx: HttpContext, requestDeletion: RequestAccountDeletion) {
    await ctx.bouncer.with(PersonalDataPolicy).authorize('requestDeletion')
    const { reason } = await ctx.request.validateUsing(requestAccountDeletionValidator)
    const request = await requestDeletion.handle(ctx.auth.user as User, reason ?? null, auditBy(ctx))
    return ctx.response.created({
      message: 'Your request has been sent. A super admin will confirm it and you will be signed out then.',
      request: serializeDeletionRequest(request),
    })
  }
}
