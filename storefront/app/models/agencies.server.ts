/**
 * Agencies as visitors and users see them (backend/app/agencies): the membership dropdown,
 * the shared agency view, and a user's membership request.
 */
import {
  MEMBERSHIP_FIELDS,
  MEMBERSHIP_MESSAGES,
  validateMembership,
} from '~/components/public/membership/membership-rules'
import type { MembershipResult, MembershipValues } from '~/components/public/membership/membership-rules'
import { ApiError, apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { hasErrors, readTextFields } from '~/utils/validation'

/** An active agency in a list: no contact details. */
export interface AgencySummary {
  id: number
  _id: number
  name: string
  description: string | null
  address: string | null
}

/** The shared agency view: the agency's published business contact. */
export interface AgencyProfile extends AgencySummary {
  contactEmail: string
  contactPhone: string | null
}

export function listPublicAgencies(request: Request): Promise<ApiResponse<AgencySummary[]>> {
  return apiRequest<AgencySummary[]>(request, '/api/agencies/public')
}

export function getPublicAgency(request: Request, agencyId: number): Promise<ApiResponse<AgencyProfile>> {
  return apiRequest<AgencyProfile>(request, `/api/agencies/${agencyId}/public`)
}

export interface MembershipRequest {
  agencyId: number
  position: string
  message: string
}

export function requestAgencyMembership(
  request: Request,
  membership: MembershipRequest
): Promise<ApiResponse<{ message: string; agencyId: number }>> {
  return apiRequest(request, '/api/users/request-agency', {
    method: 'POST',
    body: {
      agencyId: membership.agencyId,
      position: membership.position,
      message: membership.message || MEMBERSHIP_MESSAGES.defaultMessage,
    },
  })
}

/** The membership form's action, shared by the hub and the booking page. */
export async function submitMembershipForm(
  request: Request,
  form: FormData
): Promise<{ result: MembershipResult; status: number }> {
  const values = readTextFields(form, MEMBERSHIP_FIELDS)
  const kept: MembershipValues = {
    agencyId: values.agencyId.trim(),
    position: values.position.trim(),
    message: values.message.trim(),
  }
  const fieldErrors = validateMembership(kept)
  if (hasErrors(fieldErrors)) {
    return { result: { intent: 'request-agency', ok: false, message: null, fieldErrors, values: kept }, status: 400 }
  }
  try {
    await requestAgencyMembership(request, {
      agencyId: Number(kept.agencyId),
      position: kept.position,
      message: kept.message,
    })
    return {
      result: {
        intent: 'request-agency',
        ok: true,
        message: MEMBERSHIP_MESSAGES.success,
        fieldErrors: {},
        values: kept,
      },
      status: 201,
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverErrors = fieldErrorsFrom(error.fieldErrors, MEMBERSHIP_FIELDS)
    // A refusal on the agency field (already a member, another pending request) reads best above the form.
    const message = error.status < 500 && error.serverMessage ? error.serverMessage : MEMBERSHIP_MESSAGES.failure
    return {
      result: { intent: 'request-agency', ok: false, message, fieldErrors: serverErrors, values: kept },
      status: error.status >= 400 ? error.status : 502,
    }
  }
}
