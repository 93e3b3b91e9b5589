import { beforeEach, vi } from 'vitest'

/** One request the screen made, as the fake backend saw it. */
export type ApiCall = { path: string; search: string; method: string; body: unknown }

/** Answers a request, or leaves it (undefined) to the next answer. */
export type Answer = (path: string, method: string, body: unknown, search: string) => Response | undefined

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } })

/**
 * The backend as a screen's `fetch` meets it in a test: each call recorded in `calls`, a test's own
 * `answer` asked first, then the file's `routes`, else a 404. Both reset before each test.
 */
export function fakeApi(routes: Answer) {
  const api = { calls: [] as ApiCall[], answer: (() => undefined) as Answer }
  beforeEach(() => {
    api.calls.length = 0
    api.answer = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), 'http://backoffice.test')
        const method = init?.method ?? 'GET'
        // An upload's form as sent (its fields read with `get`), any other body as JSON.
        const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined
        const search = decodeURIComponent(url.search)
        api.calls.push({ path: url.pathname, search, method, body })
        return (
          api.answer(url.pathname, method, body, search) ??
          routes(url.pathname, method, body, search) ??
          json({ message: 'Not found' }, { status: 404 })
        )
      })
    )
  })
  return api
}
