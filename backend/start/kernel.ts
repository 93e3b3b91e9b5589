import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#core/exceptions/handler'))

server.use([
  () => import('#core/middleware/force_json_response_middleware'),
  () => import('#core/middleware/container_bindings_middleware'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#core/middleware/initialize_bouncer_middleware'),
])

export const middleware = router.named({
  auth: () => import('#core/middleware/auth_middleware'),
  silentAuth: () => import('#core/middleware/silent_auth_middleware'),
  role: () => import('#core/middleware/role_middleware'),
})
