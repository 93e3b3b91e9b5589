import vine from '@vinejs/vine'

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
