import Agency from '#agencies/models/agency'

export default class ListActiveAgencies {
  async handle(): Promise<Agency[]> {
    return Agency.query().where('is_active', true).orderBy('name', 'asc').orderBy('id', 'asc')
  }
}
