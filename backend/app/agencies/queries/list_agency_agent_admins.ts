import { User } from '#identity'

/** The contact people of an agency for its public page: its agent admins. */
export default class ListAgencyAgentAdmins {
  async handle(agencyId: number): Promise<User[]> {
    return User.query()
      .where('agency_id', agencyId)
      .where('role', 'agent_admin')
      .select('id', 'name', 'email', 'phone')
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
  }
}
