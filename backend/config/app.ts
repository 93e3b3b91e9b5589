import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  /** The gateway in front of the backend is the only proxy we trust. */
  trustProxy: (address) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1',
  cookie: {
    domain: '',
    path: '/',
    maxAge: '30d',
    httpOnly: true,
    secure: app.inProduction && env.get('APP_URL').startsWith('https://'),
    sameSite: 'lax',
  },
})
