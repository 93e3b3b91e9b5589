import router from '@adonisjs/core/services/router'

const CspReportsController = () => import('#core/csp/csp_reports_controller')

/** Content Security Policy violation reports from the browsers: public, no session, no cookies. */
router.post('/api/csp-reports', [CspReportsController, 'store'])
