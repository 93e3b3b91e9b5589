import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { NOTICE_CHANGED } from '#bookings'
import PrivacyNotice from '#documents/models/privacy_notice'
import { builtInPrivacyNotice } from '#documents/privacy_notice_text'

/**
 * Every way of creating a booking sends `consent` and may send `noticeVersion`, the version the form showed
 * (docs/privacy.md, "Notice and choice").
 */
export type Consent = { consentNoticeVersion: number; consentedAt: DateTime }

export type CurrentNotice = { version: number; body: string; createdAt: DateTime | null }

/** The notice the forms show now: the newest published version, else the built-in version 1. */
export async function currentPrivacyNotice(): Promise<CurrentNotice> {
  const published = await PrivacyNotice.query().orderBy('version', 'desc').first()
  return published ?? { version: 1, body: builtInPrivacyNotice(), createdAt: null }
}

/**
 * A form that showed an older version than the current one is refused: nobody consents to a text they did
 * not see.
 */
export async function takeConsent(noticeVersion?: number): Promise<Consent> {
  const notice = await currentPrivacyNotice()
  if (noticeVersion !== undefined && noticeVersion !== notice.version) throw AppError.invalid('consent', NOTICE_CHANGED)
  return { consentNoticeVersion: notice.version, consentedAt: DateTime.now() }
}
