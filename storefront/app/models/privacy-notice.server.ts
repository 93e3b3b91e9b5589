/**
 * The privacy notice the booking forms show (backend/app/bookings: GET /api/privacy-notice).
 * A form without it cannot be sent, so a failed read fails the page like its other data.
 */
import { apiRequest } from '~/utils/api.server'
import type { PrivacyNotice } from '~/components/booking/privacy-consent'

export async function getPrivacyNotice(request: Request): Promise<PrivacyNotice> {
  const { data } = await apiRequest<PrivacyNotice & { id: number }>(request, '/api/privacy-notice')
  return { version: data.version, body: data.body }
}
