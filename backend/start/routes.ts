import router from '@adonisjs/core/services/router'

/** Each business module registers its own routes under /api. */
await import('#identity/routes')
await import('#agencies/routes')
await import('#inventory/routes')
await import('#bookings/routes')
await import('#portfolio/routes')
await import('#contact/routes')
await import('#dashboards/routes')

router.get('/api/health', () => ({ status: 'ok' }))
