import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AuthController = () => import('#identity/controllers/auth_controller')
const SessionController = () => import('#identity/controllers/session_controller')
const ProfileController = () => import('#identity/controllers/profile_controller')

router
  .group(() => {
    router.post('register', [AuthController, 'register'])
    router.post('login', [AuthController, 'login'])
    router.post('logout', [AuthController, 'logout']).use(middleware.silentAuth())

    router
      .group(() => {
        router.get('session', [SessionController, 'show'])
        router.post('session/extend', [SessionController, 'extend'])
        router.put('me', [ProfileController, 'update'])
        router.post('change-password', [ProfileController, 'changePassword'])
      })
      .use(middleware.auth())
  })
  .prefix('/api/auth')

router.get('/api/users/me', [ProfileController, 'show']).use(middleware.auth())

const UsersController = () => import('#identity/controllers/users_controller')

router
  .get('/api/users', [UsersController, 'index'])
  .use([middleware.auth(), middleware.role({ role: 'super_admin' })])
