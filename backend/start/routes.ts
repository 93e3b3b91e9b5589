import router from '@adonisjs/core/services/router'

/** Each business module registers its own routes under /api. */
await import('#identity/routes')

router.get('/api/health', () => ({ status: 'ok' }))
