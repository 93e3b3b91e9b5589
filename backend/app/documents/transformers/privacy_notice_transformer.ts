import type { CurrentNotice } from '#documents/consent'

/** The notice is one resource (`id` 1 for react-admin); `version` names the text. */
export function serializePrivacyNotice(notice: CurrentNotice) {
  return {
    id: 1,
    _id: 1,
    version: notice.version,
    body: notice.body,
    createdAt: notice.createdAt?.toISO() ?? null,
  }
}

export type PrivacyNoticeResource = ReturnType<typeof serializePrivacyNotice>
