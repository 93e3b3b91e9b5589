import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const AgenciesController = () => import('#agencies/controllers/agencies_controller')
const AgencyPeopleController = () => import('#agencies/controllers/agency_people_controller')
const MembershipRequestsController = () => import('#agencies/controllers/membership_requests_controller')
const PublicAgenciesController = () => import('#agencies/controllers/public_agencies_controller')

const numericIds = { id: router.matchers.number(), userId: router.matchers.number() }

/** Public reads, no session (requirements: api.md#public-endpoints). */
router.get('/api/agencies/public', [PublicAgenciesController, 'index'])
router
  .get('/api/agencies/:id/public', [PublicAgenciesController, 'show'])
  .where('id', numericIds.id)
  .as('agencies.public_profile')
router
  .get('/api/public/agencies/:id', [PublicAgenciesController, 'show'])
  .where('id', numericIds.id)
  .as('public.agencies.show')
router.get('/api/public/users', [PublicAgenciesController, 'agentAdmins'])

/** Signed in; each action asks AgencyPolicy or MembershipRequestPolicy first, before any lookup or validation. */
router
  .group(() => {
    router.get('/', [AgenciesController, 'index'])
    router.get(':id', [AgenciesController, 'show'])
    router.get(':id/users', [AgencyPeopleController, 'index'])
    router.delete(':id/users/:userId', [AgencyPeopleController, 'destroy'])
    router.post('/', [AgenciesController, 'store'])
    router.put(':id', [AgenciesController, 'update'])
    router.post(':id/agent-admins', [AgencyPeopleController, 'assignAgentAdmin'])
    router.delete(':id/agent-admins/:userId', [AgencyPeopleController, 'removeAgentAdmin'])
    router.delete(':id', [AgenciesController, 'destroy'])
  })
  .prefix('/api/agencies')
  .where('id', numericIds.id)
  .where('userId', numericIds.userId)
  .use([...stateful(), middleware.auth()])

router
  .group(() => {
    router.post('request-agency', [MembershipRequestsController, 'store'])
    router.get('agency-requests', [MembershipRequestsController, 'index'])
    router.put(':userId/agency-request/approve', [MembershipRequestsController, 'approve'])
    router.put(':userId/agency-request/reject', [MembershipRequestsController, 'reject'])
  })
  .prefix('/api/users')
  .where('userId', numericIds.userId)
  .use([...stateful(), middleware.auth()])
