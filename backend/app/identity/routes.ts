import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const AuthController = () => import('#identity/controllers/auth_controller')
const SessionController = () => import('#identity/controllers/session_controller')
const ProfileController = () => import('#identity/controllers/profile_controller')
const UsersController = () => import('#identity/controllers/users_controller')
const TwoFactorController = () => import('#identity/controllers/two_factor_controller')
const BumiputeraController = () => import('#identity/controllers/bumiputera_controller')

router
  .group(() => {
    router
      .group(() => {
        router.post('register', [AuthController, 'register'])
        router.post('login', [AuthController, 'login'])
        router.post('login/two-factor', [AuthController, 'loginTwoFactor'])
        router.post('trust-device', [AuthController, 'requestDeviceLink'])
        router.post('trust-device/confirm', [AuthController, 'confirmDeviceLink'])
        router.post('logout', [AuthController, 'logout']).use(middleware.silentAuth())

        router
          .group(() => {
            router.get('session', [SessionController, 'show'])
            router.post('session/extend', [SessionController, 'extend'])
            router.put('me', [ProfileController, 'update'])
            router.post('change-password', [ProfileController, 'changePassword'])
            router.get('two-factor', [TwoFactorController, 'show'])
            router.post('two-factor/setup', [TwoFactorController, 'start'])
            router.post('two-factor/confirm', [TwoFactorController, 'confirm'])
            router.post('two-factor/recovery-codes', [TwoFactorController, 'recoveryCodes'])
            router.post('two-factor/disable', [TwoFactorController, 'disable'])
          })
          .use(middleware.auth())
      })
      .prefix('/api/auth')

    router.get('/api/users/me', [ProfileController, 'show']).use(middleware.auth())

    /**
     * `:id` is numeric so that the agencies module's /api/users/agency-requests and friends are not taken
     * for ids.
     */
    router
      .group(() => {
        router.get('/', [UsersController, 'index'])
        router.get(':id', [UsersController, 'show'])
        router.get('stats', [UsersController, 'stats'])
        router.get('lookup', [UsersController, 'lookup'])
        router.post('/', [UsersController, 'store'])
        router.put(':id', [UsersController, 'update'])
        router.delete(':id', [UsersController, 'destroy'])
        router.post(':id/two-factor/reset', [UsersController, 'resetTwoFactor'])
        router.put(':id/bumiputera', [BumiputeraController, 'decide'])
      })
      .prefix('/api/users')
      .where('id', router.matchers.number())
      .use(middleware.auth())
  })
  .use(stateful())
