import router from '@adonisjs/core/services/router'

const CspReportsController = () => import('#core/csp/csp_reports_controller')

/** Public: browsers send reports without credentials; no session, no cookies. */
router.post('/api/csp-reports', [CspReportsController, 'store'])
