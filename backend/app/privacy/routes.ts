import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const PersonalDataController = () => import('#privacy/controllers/personal_data_controller')
const AccountDeletionRequestsController = () => import('#privacy/controllers/account_deletion_requests_controller')

/** A person's rights (docs/privacy.md, "Access"): their own export and deletion request; the super admins' answers. */
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
  })
  .use([...stateful(), middleware.auth()])
