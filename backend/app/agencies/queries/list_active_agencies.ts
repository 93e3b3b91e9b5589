import Agency from '#agencies/models/agency'

/** The agencies taking clients, by name: the membership dropdown. */
export default class ListActiveAgencies {
  async handle(): Promise<Agency[]> {
    return Agency.query().where('is_active', true).orderBy('name', 'asc').orderBy('id', 'asc')
  }
}
