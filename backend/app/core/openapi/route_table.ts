import type { Router } from '@adonisjs/core/http'
import type { RouteEntry } from '#core/openapi/types'

/**
 * The router's table as the generator reads it: the data `node ace list:routes --json`
 * prints (pattern, methods without HEAD, named middleware with their arguments), plus the
 * parameters constrained to numbers.
 */
export function routeTable(router: Router): RouteEntry[] {
  const numeric = router.matchers.number().match?.source
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({
      pattern: route.pattern,
      methods: route.methods.filter((method) => method !== 'HEAD'),
      middleware: [...route.middleware.all()].flatMap((middleware) =>
        typeof middleware !== 'function' && middleware.name && 'args' in middleware
          ? [{ name: middleware.name, args: middleware.args }]
          : []
      ),
      numericParams: Object.entries(route.matchers)
        .filter(([, matcher]) => numeric !== undefined && matcher.match?.source === numeric)
        .map(([name]) => name),
    }))
}
