import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const PersonalDataController = () => import('#privacy/controllers/personal_data_controller')
const AccountDeletionRequestsController = () => import('#privacy/controllers/account_deletion_requests_controller')
const DataBreachesController = () => import('#privacy/controllers/data_breaches_controller')
const DataBreachNoticesController = () => import('#privacy/controllers/data_breach_notices_controller')
const DataProtectionOfficerController = () => import('#privacy/controllers/data_protection_officer_controller')

/** The Data Protection Officer's contact (docs/privacy.md): a public read, no session. */
router.get('/api/data-protection-officer', [DataProtectionOfficerController, 'show'])
router
  .get('/api/data-protection-officer/:id', [DataProtectionOfficerController, 'show'])
  .as('data_protection_officer.record')

router
  .group(() => {
    router.get('/api/me/personal-data', [PersonalDataController, 'export'])
    router.get('/api/me/deletion-request', [PersonalDataController, 'show'])
    router.post('/api/me/deletion-request', [PersonalDataController, 'store'])

    router
      .group(() => {
        router.get('/', [AccountDeletionRequestsController, 'index'])
        router.get(':id', [AccountDeletionRequestsController, 'show'])
        router.put(':id', [AccountDeletionRequestsController, 'update'])
      })
      .prefix('/api/account-deletion-requests')
      .where('id', router.matchers.number())

    router
      .group(() => {
        router.get('/', [DataBreachesController, 'index'])
        router.post('/', [DataBreachesController, 'store'])
        router.get(':id', [DataBreachesController, 'show'])
        router.put(':id', [DataBreachesController, 'update'])
      })
      .prefix('/api/data-breaches')
      .where('id', router.matchers.number())
    router.get('/api/data-breach-notices', [DataBreachNoticesController, 'index'])
    router.post('/api/data-breach-notices', [DataBreachNoticesController, 'store'])

    router.put('/api/data-protection-officer/:id', [DataProtectionOfficerController, 'update'])
  })
  .use([...stateful(), middleware.auth()])
