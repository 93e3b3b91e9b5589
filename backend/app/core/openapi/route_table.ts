import type { Router } from '@adonisjs/core/http'
import type { RouteEntry } from '#core/openapi/document'

/** What `node ace list:routes --json` prints, plus the parameters constrained to numbers. */
export function routeTable(router: Router): RouteEntry[] {
  const numeric = router.matchers.number().match?.source
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({
      pattern: route.pattern,
      methods: route.methods.filter((method) => method !== 'HEAD'),
      middleware: [...route.middleware.all()].flatMap((middleware) =>
        typeof middleware !== 'function' && middleware.name && 'args' in middleware ? [middleware.name] : []
      ),
      numericParams: Object.entries(route.matchers)
        .filter(([, matcher]) => numeric !== undefined && matcher.match?.source === numeric)
        .map(([name]) => name),
    }))
}
