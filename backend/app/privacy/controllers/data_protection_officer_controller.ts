import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'
import DataProtectionOfficerPolicy from '#privacy/policies/data_protection_officer_policy'
import DataProtectionOfficer from '#privacy/models/data_protection_officer'
import SetDataProtectionOfficer from '#privacy/actions/set_data_protection_officer'
import { dataProtectionOfficerValidator } from '#privacy/validators/data_protection_officer'
import { serializeDataProtectionOfficer } from '#privacy/transformers/data_breach_transformer'

/** The contact is one record, id 1 (react-admin reads and saves it as `/data-protection-officer/1`). */
function onlyRecord(id: unknown) {
  if (Number(id) !== 1) throw AppError.notFound('Not found')
}

export default class DataProtectionOfficerController {
  /** GET /api/data-protection-officer (and /1): no sign-in, writes nothing. */
  async show({ params, response }: HttpContext) {
    if (params.id !== undefined) onlyRecord(params.id)
    response.header('Cache-Control', 'no-cache')
    return serializeDataProtectionOfficer(await DataProtectionOfficer.find(1))
  }

  @inject()
  async update(ctx: HttpContext, set: SetDataProtectionOfficer) {
    await ctx.bouncer.with(DataProtectionOfficerPolicy).authorize('update')
    onlyRecord(ctx.params.id)
    const contact = await ctx.request.validateUsing(dataProtectionOfficerValidator)
    const officer = await set.handle(contact, auditBy(ctx))
    return { ...serializeDataProtectionOfficer(officer), message: "The Data Protection Officer's contact is saved." }
  }
}
