/** GET /api/privacy-notice: the notice the booking forms show, and its version (docs/privacy.md). */
export interface PrivacyNotice {
  id: number
  version: number
  body: string
  createdAt: string | null
}

/** The backend's words when the consent box is not ticked (backend/app/bookings/consent.ts). */
export const CONSENT_REQUIRED =
  'Please read the privacy notice and tick the box to consent to the use of the documents before booking.'
