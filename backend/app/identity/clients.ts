import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type User from '#identity/models/user'
import type { AgencyStatus } from '#identity/models/user'

/**
 * Whom an agent admin may act for: a user of role user who belongs to no other agency (requirements:
 * decisions.md#d4-agent-admin-scope). A pending request counts as belonging; a rejected applicant has no
 * agency. The predicate and the SQL scope below must say the same thing.
 */
const BELONGING: AgencyStatus[] = ['approved', 'pending']

export const CLIENT_MUST_BE_USER = 'Bookings can only be made for users with the role user.'
export const CLIENT_OF_ANOTHER_AGENCY =
  "This user belongs to another agency. You can act only for your own agency's members or users without an agency."

/** Why `agent` may not act for `client`, or null when they may. */
export function clientRefusal(agent: User, client: User): string | null {
  if (client.role !== 'user') return CLIENT_MUST_BE_USER
  const ofAnotherAgency =
    client.agencyId !== null && client.agencyId !== agent.agencyId && BELONGING.includes(client.agencyStatus)
  return ofAnotherAgency ? CLIENT_OF_ANOTHER_AGENCY : null
}

/**
 * Whether `agent` sees `person`'s full contact details in lists: only their own agency's people
 * (its approved members). Anyone else an agent admin may book for is shown masked until the agent
 * names them by their exact email (the client lookup).
 */
export function isOwnAgencyPerson(agent: User, person: User): boolean {
  return agent.agencyId !== null && person.agencyId === agent.agencyId && person.agencyStatus === 'approved'
}

export function whereClientOf(query: ModelQueryBuilderContract<typeof User>, agent: User) {
  query.where('role', 'user').where((free) => {
    free.whereNull('agency_id').orWhereNotIn('agency_status', BELONGING)
    if (agent.agencyId !== null) free.orWhere('agency_id', agent.agencyId)
  })
}
