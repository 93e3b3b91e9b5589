/**
 * The privacy notice the booking forms show (backend/app/bookings: GET /api/privacy-notice).
 * A form without it cannot be sent, so a failed read fails the page like its other data.
 */
import { apiRequest } from '~/utils/api.server'
import type { PrivacyNotice } from '~/components/booking/privacy-consent'
import { getDataProtectionOfficer } from '~/models/data-protection-officer.server'

/** The notice, with the Data Protection Officer's contact under it when one is set. */
export async function getPrivacyNotice(request: Request): Promise<PrivacyNotice> {
  const [{ data }, officer] = await Promise.all([
    apiRequest<PrivacyNotice & { id: number }>(request, '/api/privacy-notice'),
    getDataProtectionOfficer(request),
  ])
  return { version: data.version, body: data.body, officer }
}
