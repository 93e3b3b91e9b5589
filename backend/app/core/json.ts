import type { HttpContext } from '@adonisjs/core/http'

/**
 * Sends a body made only of plain data (no models, no class instances) with the native
 * JSON.stringify. The framework's serializer walks every value through a safe replacer:
 * measurable on the hottest public lists (see `npm run bench`).
 */
export function sendPlainJson(response: HttpContext['response'], body: unknown) {
  response.header('Content-Type', 'application/json; charset=utf-8')
  response.send(JSON.stringify(body))
}
