import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import PrivacyNoticePolicy from '#documents/policies/privacy_notice_policy'
import PublishPrivacyNotice from '#documents/actions/publish_privacy_notice'
import { updatePrivacyNoticeValidator } from '#documents/validators/privacy_notice'
import { currentPrivacyNotice } from '#documents/consent'
import { serializePrivacyNotice } from '#documents/transformers/privacy_notice_transformer'

export default class PrivacyNoticesController {
  async show() {
    return serializePrivacyNotice(await currentPrivacyNotice())
  }

  @inject()
  async update({ auth, bouncer, request }: HttpContext, publish: PublishPrivacyNotice) {
    await bouncer.with(PrivacyNoticePolicy).authorize('update')
    const { body } = await request.validateUsing(updatePrivacyNoticeValidator)
    const notice = await publish.handle(auth.user as User, body)
    return { message: `Privacy notice version ${notice.version} published`, ...serializePrivacyNotice(notice) }
  }
}
