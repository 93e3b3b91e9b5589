/** The properties an agency shares with its members (backend/app/portfolio). */
import { apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

type Area = number | null

/** The fields of an agent property that the member's cards show (requirements: api.md#agent-property-record). */
export interface AgencyProperty {
  id: number
  displayName: string | null
  description: string | null
  status: string
  lot: {
    unitNumber: string | null
    lotNumber: string | null
    type: string | null
    price: number | null
    landSize: Area
  } | null
  unit: {
    unitNumber: string | null
    lotNumber: string | null
    type: string | null
    price: number | null
    landSize: Area
  } | null
  propertyDetails: {
    unitNumber: string | null
    propertyType: string | null
    size: Area
    sizeSqft: Area
    price: number | null
    location: string | null
    customTitle: string | null
    customDescription: string | null
  } | null
  marketingInfo: { askingPrice: number | null } | null
  heroImage: { card: string } | null
  publicUrl: string | null
}

/** GET /api/agent-properties/agency/:agencyId, answered as `{ success, data }`. */
export async function listAgencyProperties(
  request: Request,
  agencyId: string | number
): Promise<ApiResponse<AgencyProperty[]>> {
  const response = await apiRequest<{ success: boolean; data?: AgencyProperty[] }>(
    request,
    `/api/agent-properties/agency/${Number(agencyId)}`
  )
  return { ...response, data: Array.isArray(response.data?.data) ? response.data.data : [] }
}
