import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { SESSION_COOKIE } from '#identity/services/sessionless'
import { throttledDatabaseStore } from '#identity/services/throttled_session_store'

/**
 * The browser's sign-in. The cookie lives as long as the 30-day session window; the
 * 24-hour expiry (and its extension) is enforced by the access token the session is
 * paired with (see app/identity/services/sign_in_service.ts).
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE,
  clearWithBrowser: false,
  age: '30d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction && env.get('APP_URL').startsWith('https://'),
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER'),
  stores: {
    cookie: stores.cookie(),
    // The framework's database store; a session's expiry pushed at most once a minute.
    database: throttledDatabaseStore({ connectionName: env.get('DB_CONNECTION'), tableName: 'sessions' }),
  },
})

export default sessionConfig
