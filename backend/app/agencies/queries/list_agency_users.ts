import { User } from '#identity'

/** Pending and rejected applicants are requests, not people of the agency. */
export default class ListAgencyUsers {
  async handle(agencyId: number): Promise<User[]> {
    return User.query()
      .where('agency_id', agencyId)
      .where((query) =>
        query
          .where('role', 'agent_admin')
          .orWhere((member) => member.where('role', 'user').where('agency_status', 'approved'))
      )
      .preload('agency')
      .orderByRaw("CASE WHEN role = 'agent_admin' THEN 0 ELSE 1 END")
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
  }
}
