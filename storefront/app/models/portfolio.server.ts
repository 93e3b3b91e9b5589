/**
 * The public face of the agent admins' portfolio (backend/app/portfolio;
 * requirements: public-site.md#shared-property-view, public-site.md#shared-agency-view): no owner,
 * booking or share statistics.
 */
import { apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

/** An image in the sizes the backend renders (WebP): card 400 px wide, large 1200 px. */
export interface PropertyImage {
  id: number
  card: string
  large: string
  width: number | null
  height: number | null
}

export interface PublicAgency {
  id: number
  name: string
  description: string | null
  contactEmail: string | null
  contactPhone: string | null
  address: string | null
}

/** A public agent property (requirements: api.md#public-agent-property). */
export interface PublicProperty {
  id: number
  name: string
  propertyType: string | null
  status: string
  description: string | null
  price: number | null
  size: { sqm: number; sqft: number } | null
  builtUpArea: { sqm: number; sqft: number } | null
  lotNumber: string | null
  location: string | null
  address: string | null
  facilities: string[]
  agency: PublicAgency | null
  heroImage: PropertyImage | null
  images: { hero: PropertyImage | null; gallery: PropertyImage[] } | null
  publicUrl: string | null
}

export function getPublicProperty(request: Request, propertyId: number): Promise<ApiResponse<PublicProperty>> {
  return apiRequest<PublicProperty>(request, `/api/agent-properties/${propertyId}/public`)
}

/** The properties an agency shares publicly; the answer may be a list or hold one in `data`. */
export async function listAgencyProperties(request: Request, agencyId: number): Promise<ApiResponse<PublicProperty[]>> {
  const response = await apiRequest<unknown>(request, `/api/agent-properties/agency/${agencyId}/public`)
  return { ...response, data: propertyList(response.data) }
}

function propertyList(payload: unknown): PublicProperty[] {
  if (Array.isArray(payload)) return payload as PublicProperty[]
  if (payload && typeof payload === 'object') {
    const record = payload as Record<string, unknown>
    if (Array.isArray(record.data)) return record.data as PublicProperty[]
    if (Array.isArray(record.properties)) return record.properties as PublicProperty[]
  }
  return []
}
