/**
 * What one HTTP request's loaders share. Remix hands each loader of a request its own copy of
 * the Request (so a WeakMap keyed by it shares nothing between the root's loader and the
 * route's); the server runs each GET or HEAD request inside a scope of its own
 * (server/storefront.ts), and values kept here (who is asking) are asked of the backend once.
 *
 * One AsyncLocalStorage for the process, on a global symbol: the server (node server.ts) and the
 * app's server build each load this module, and both must see the same scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

type Scope = Map<string, unknown>

const KEY = Symbol.for('aero.storefront.requestScope')
const globals = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Scope> }
const storage = (globals[KEY] ??= new AsyncLocalStorage<Scope>())

/**
 * Runs one incoming request's handling in a scope of its own. Only reads (GET, HEAD) are
 * scoped: a form post's action may change who is asking (sign-in, a profile saved) before the
 * loaders that follow it in the same request read it again.
 */
export function runInRequestScope<T>(method: string | undefined, handle: () => T): T {
  const reads = method === 'GET' || method === 'HEAD'
  return reads ? storage.run(new Map(), handle) : storage.exit(handle)
}

/** The value `key` of this request's scope, made by `make` on first use; made each time outside a scope. */
export function scoped<T>(key: string, make: () => T): T {
  const scope = storage.getStore()
  if (!scope) return make()
  if (!scope.has(key)) scope.set(key, make())
  return scope.get(key) as T
}
