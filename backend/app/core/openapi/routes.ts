import router from '@adonisjs/core/services/router'

const DocsController = () => import('#core/openapi/docs_controller')

/** The API reference (README "API reference"): public reads, no session, no cookies. */
router.get('/api/docs', [DocsController, 'page'])
router.get('/api/docs/openapi.json', [DocsController, 'document'])
router.get('/api/docs/assets/:file', [DocsController, 'asset'])
