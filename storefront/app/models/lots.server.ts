/**
 * The inventory module's reads and the super admin's shop-lot edit, as the storefront
 * calls them (backend/app/inventory: lot_transformer.ts, public_lots_controller.ts).
 */
import {
  LOT_EDIT_FIELDS,
  LOT_EDIT_MESSAGES,
  lotTypeFields,
  validateLotEdit,
} from '~/components/public/hub/lot-edit-rules'
import type { LotEditResult, LotEditValues } from '~/components/public/hub/lot-edit-rules'
import type { LotStatus } from '~/components/public/lot-status'
import { ApiError, apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import type { LotPackages } from '~/utils/packages'
import { hasErrors, readTextFields } from '~/utils/validation'

export { LOT_STATUSES } from '~/components/public/lot-status'
export type { LotStatus } from '~/components/public/lot-status'

/** A lot as the backend serialises it: areas in sqm (and sqft), whole RM. */
export interface Lot {
  id: number
  _id: number
  kind: 'lot' | 'unit'
  propertyId: number
  lotNumber: string
  unitNumber: string | null
  name: string | null
  title: string | null
  description: string | null
  location: string | null
  category: string | null
  type: string
  typeCode: 'A' | 'B' | 'C' | null
  propertyType: string | null
  landSize: number
  landAreaSqft: number | null
  builtUpArea: number | null
  builtUpAreaSqft: number | null
  size: number | null
  /** The price in force, whole RM. */
  price: number | null
  /** The same, exact, in sen (RM x 100). */
  priceSen?: number | null
  spaPrice: string | null
  phase: number | null
  status: LotStatus
  updatedAt: string | null
  /** How many are on its waitlist; public lots only. */
  waitlistCount?: number
  /** While a waitlist offer holds it (only the first in line may request it): until when. */
  offeredUntil?: string | null
  /** Phased release: false while the lot waits for its release batch (never bookable). */
  released?: boolean
  /** A Bumiputera quota lot whose release is not recorded: only a verified Bumiputera buyer may book it. */
  bumiputeraReserved?: boolean
}

export interface Availability {
  available: number
  reserved: number
  booked: number
  sold: number
  /** Lots the developer holds back (an answer cached before it was counted has none). */
  locked?: number
  total: number
  percentageAvailable: number
}

export interface Development {
  id: number
  slug: string
  name: string
  propertyType: string | null
  location: string | null
  address: string | null
  description: string | null
  phase: number | null
  launchYear: number | null
  /** Counted from its inventory; sent by GET /api/properties and /api/properties/:slug. */
  totalUnits?: number
  availableCount?: number
}

export interface LotsOfType {
  property: Development
  typeId: 'A' | 'B' | 'C'
  type: string
  propertyType: string
  availability: Availability
  lots: Lot[]
}

/** The slug of the Aero Industrial Hub development (demo data). */
export const HUB_PROPERTY = 'aeroindustrial'

/** The hub's development with its figures (total units counted from its lots). */
export function getHubDevelopment(request: Request): Promise<ApiResponse<Development>> {
  return apiRequest<Development>(request, `/api/properties/${HUB_PROPERTY}`)
}

/** Every lot of the shop-lot hub, whatever its status, sorted by unit number. */
export function listHubLots(request: Request): Promise<ApiResponse<Lot[]>> {
  return apiRequest<Lot[]>(request, '/api/lots/public')
}

/** The lot-type page's lots and availability (404 for a type other than A, B or C). */
export function getLotsOfType(request: Request, typeId: string): Promise<ApiResponse<LotsOfType>> {
  return apiRequest<LotsOfType>(
    request,
    `/api/properties/${HUB_PROPERTY}/lots/${encodeURIComponent(typeId.toUpperCase())}`
  )
}

export function getLot(request: Request, lotId: number): Promise<ApiResponse<Lot>> {
  return apiRequest<Lot>(request, `/api/lots/${lotId}`)
}

/**
 * The packages the signed-in buyer may have on a lot now (GET /api/lots/:id/packages), each with
 * its discount on the price in force; null when they cannot be read (the form still books: the
 * backend then applies the best offer itself).
 */
export async function getLotPackages(request: Request, lotId: number): Promise<LotPackages | null> {
  try {
    const { data } = await apiRequest<LotPackages | null>(request, `/api/lots/${lotId}/packages`)
    return data && Array.isArray(data.packages) ? data : null
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) throw error
    // A backend that offers no packages (an older one) answers 404: none to offer.
    if (error.status === 404) return { priceSen: null, packages: [] }
    console.error(`Could not read lot ${lotId}'s packages: ${error.message}`)
    return null
  }
}

/** The fields of the shop-lot edit form (requirements: public-site.md#shop-lot-edit). */
export interface LotEdit {
  unitNumber: string
  type: string
  typeCode: 'A' | 'B' | 'C' | null
  propertyType: string | null
  builtUpArea: string
  landSize: string
  price: string
  status: LotStatus
  title: string
}

/** PUT /api/lots/:id (super admin). Numbers go as typed: the backend reads '450,000'. */
export function updateLot(request: Request, lotId: number, edit: LotEdit): Promise<ApiResponse<Lot>> {
  return apiRequest<Lot>(request, `/api/lots/${lotId}`, {
    method: 'PUT',
    body: {
      unitNumber: edit.unitNumber,
      type: edit.type,
      typeCode: edit.typeCode,
      propertyType: edit.propertyType,
      builtUpArea: edit.builtUpArea,
      landSize: edit.landSize,
      price: edit.price,
      status: edit.status,
      title: edit.title,
    },
  })
}

/** The shop-lot edit's action (super admins; the backend refuses anyone else). */
export async function submitLotEdit(
  request: Request,
  form: FormData
): Promise<{ result: LotEditResult; status: number }> {
  const raw = readTextFields(form, LOT_EDIT_FIELDS)
  const values = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value.trim()])) as LotEditValues
  const lotId = Number(values.lotId)
  const fail = (status: number, message: string | null, fieldErrors: LotEditResult['fieldErrors']) => ({
    result: {
      intent: 'update-lot' as const,
      ok: false,
      lotId: Number.isInteger(lotId) ? lotId : null,
      message,
      fieldErrors,
      values,
    },
    status,
  })
  if (!Number.isInteger(lotId) || lotId <= 0) return fail(400, LOT_EDIT_MESSAGES.failure, {})
  const fieldErrors = validateLotEdit(values)
  const typeFields = lotTypeFields(values.typeCode)
  if (hasErrors(fieldErrors) || !typeFields) return fail(400, null, fieldErrors)

  try {
    await updateLot(request, lotId, {
      unitNumber: values.unitNumber,
      ...typeFields,
      builtUpArea: values.builtUpArea,
      landSize: values.landSize,
      price: values.price,
      status: values.status as LotStatus,
      title: values.title,
    })
    return {
      result: { intent: 'update-lot', ok: true, lotId, message: LOT_EDIT_MESSAGES.success, fieldErrors: {}, values },
      status: 200,
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverErrors = fieldErrorsFrom(
      error.fieldErrors.map((entry) => ({ ...entry, field: entry.field === 'type' ? 'typeCode' : entry.field })),
      LOT_EDIT_FIELDS
    )
    return fail(
      error.status >= 400 ? error.status : 502,
      error.serverMessage ?? LOT_EDIT_MESSAGES.failure,
      serverErrors
    )
  }
}
