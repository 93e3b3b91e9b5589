/**
 * The Data Protection Officer's contact (backend/app/privacy: GET /api/data-protection-officer),
 * shown with the privacy notice and on the Policies page. Null until a super admin has set it,
 * or when it cannot be read: the pages around it still show, with the company's contact.
 */
import type { DataProtectionOfficer } from '~/components/data-protection-officer'
import { ApiError, apiRequest } from '~/utils/api.server'

type OfficerAnswer = { appointed: boolean; name: string | null; email: string | null; phone: string | null }

export async function getDataProtectionOfficer(request: Request): Promise<DataProtectionOfficer | null> {
  try {
    const { data } = await apiRequest<OfficerAnswer>(request, '/api/data-protection-officer')
    if (!data.appointed || !data.name || !data.email || !data.phone) return null
    return { name: data.name, email: data.email, phone: data.phone }
  } catch (error) {
    if (error instanceof ApiError) return null
    throw error
  }
}
