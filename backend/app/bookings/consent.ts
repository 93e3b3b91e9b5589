import { DateTime } from 'luxon'
import vine from '@vinejs/vine'
import { AppError } from '#core/errors'
import PrivacyNotice from '#bookings/models/privacy_notice'
import { builtInPrivacyNotice } from '#bookings/privacy_notice_text'

/**
 * Consent to the privacy notice (docs/privacy.md, "Notice and choice"): every way of creating a
 * booking sends `consent` (the ticked box) and may send `noticeVersion`, the version the form
 * showed. The booking records the version consented to and when.
 */
export const CONSENT_REQUIRED =
  'Please read the privacy notice and tick the box to consent to the use of the documents before booking.'
export const NOTICE_CHANGED =
  'The privacy notice has been updated. Please read the new version and tick the box again to consent.'

export const consentFields = {
  consent: vine.accepted(),
  noticeVersion: vine.number().withoutDecimals().positive().optional(),
}

export const consentMessages = {
  'consent.required': CONSENT_REQUIRED,
  'consent.accepted': CONSENT_REQUIRED,
  'noticeVersion.number': NOTICE_CHANGED,
  'noticeVersion.withoutDecimals': NOTICE_CHANGED,
  'noticeVersion.positive': NOTICE_CHANGED,
}

export type Consent = { consentNoticeVersion: number; consentedAt: DateTime }

export type CurrentNotice = { version: number; body: string; createdAt: DateTime | null }

/** The notice the forms show now: the newest published version, else the built-in version 1. */
export async function currentPrivacyNotice(): Promise<CurrentNotice> {
  const published = await PrivacyNotice.query().orderBy('version', 'desc').first()
  return published ?? { version: 1, body: builtInPrivacyNotice(), createdAt: null }
}

/**
 * The consent a new booking records: the current version, now. A form that showed an older
 * version than the current one is refused, so nobody consents to a text they did not see.
 */
export async function takeConsent(noticeVersion?: number): Promise<Consent> {
  const notice = await currentPrivacyNotice()
  if (noticeVersion !== undefined && noticeVersion !== notice.version) throw AppError.invalid('consent', NOTICE_CHANGED)
  return { consentNoticeVersion: notice.version, consentedAt: DateTime.now() }
}
