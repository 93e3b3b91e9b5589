import type Agency from '#agencies/models/agency'

/** The agency for its managers: the required field names and their aliases (requirements: api.md#agency-record). */
export type AgencyResource = {
  id: number
  _id: number
  name: string
  agencyName: string
  description: string | null
  contactEmail: string
  email: string
  contactPhone: string | null
  phone: string | null
  address: string | null
  location: string | null
  isActive: boolean
  createdAt: string | null
}

/** What anyone may see of an active agency in a list: no contact details. */
export type AgencySummaryResource = Pick<
  AgencyResource,
  'id' | '_id' | 'name' | 'agencyName' | 'description' | 'address' | 'location'
>

/** The shared agency page: the agency's business contact, published by the agency itself. */
export type AgencyProfileResource = Omit<AgencyResource, 'isActive' | 'createdAt'>

export function serializeAgency(agency: Agency): AgencyResource {
  return {
    ...serializeAgencyProfile(agency),
    isActive: agency.isActive,
    createdAt: agency.createdAt?.toISO() ?? null,
  }
}

export function serializeAgencySummary(agency: Agency): AgencySummaryResource {
  return {
    id: agency.id,
    _id: agency.id,
    name: agency.name,
    agencyName: agency.name,
    description: agency.description,
    address: agency.address,
    location: agency.address,
  }
}

export function serializeAgencyProfile(agency: Agency): AgencyProfileResource {
  return {
    ...serializeAgencySummary(agency),
    contactEmail: agency.contactEmail,
    email: agency.contactEmail,
    contactPhone: agency.contactPhone,
    phone: agency.contactPhone,
  }
}

/** A deleted agency: its id, and what the deletion did to its people and bookings. */
export type AgencyDeletionResource = {
  id: number
  _id: number
  message: string
  usersConverted: number
  bookingsUpdated: number
}

export function serializeAgencyDeletion(
  agency: Agency,
  message: string,
  outcome: { usersConverted: number; bookingsUpdated: number }
): AgencyDeletionResource {
  return {
    id: agency.id,
    _id: agency.id,
    message,
    usersConverted: outcome.usersConverted,
    bookingsUpdated: outcome.bookingsUpdated,
  }
}
