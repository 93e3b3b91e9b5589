import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import PrivacyNoticePolicy from '#documents/policies/privacy_notice_policy'
import PublishPrivacyNotice from '#documents/actions/publish_privacy_notice'
import { updatePrivacyNoticeValidator } from '#documents/validators/privacy_notice'
import { currentPrivacyNotice, type CurrentNotice } from '#documents/consent'

/** The notice is one resource (`id` 1 for react-admin); `version` names the text. */
function serializeNotice(notice: CurrentNotice) {
  return {
    id: 1,
    _id: 1,
    version: notice.version,
    body: notice.body,
    createdAt: notice.createdAt?.toISO() ?? null,
  }
}

export default class PrivacyNoticesController {
  async show() {
    return serializeNotice(await currentPrivacyNotice())
  }

  @inject()
  async update({ auth, bouncer, request }: HttpContext, publish: PublishPrivacyNotice) {
    await bouncer.with(PrivacyNoticePolicy).authorize('update')
    const { body } = await request.validateUsing(updatePrivacyNoticeValidator)
    const notice = await publish.handle(auth.user as User, body)
    return { message: `Privacy notice version ${notice.version} published`, ...serializeNotice(notice) }
  }
}
