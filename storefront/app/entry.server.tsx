import { createReadableStreamFromReadable } from '@remix-run/node'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { coalesceWrites } from '~/utils/coalesce.server'
import { NonceProvider } from '~/utils/nonce'
import { RequestIdProvider } from '~/utils/request-id'
import { logLine } from '../server/request-id.ts'
import { createNonce, pagePolicy } from '../server/security-headers.ts'

const ABORT_DELAY = 5_000
// Single Fetch: how long streamed promises may stay pending.
export const streamTimeout = ABORT_DELAY

/** A loader, action or render that threw: one JSON line under the request's id, the reference its error page quotes. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  logLine('error', 'A page failed', {
    request_id: request.headers.get('x-request-id') ?? undefined,
    url: new URL(request.url).pathname,
    err: error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : String(error),
  })
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext
) {
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')
  // Every inline script of this page carries this render's nonce, and the policy allows only those.
  const nonce = createNonce()
  responseHeaders.set('Content-Security-Policy', pagePolicy(nonce, { development: import.meta.env.DEV }))
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const respond = () => {
      shellRendered = true
      const body = coalesceWrites()
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode })
      )
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={request.headers.get('x-request-id') ?? ''}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond()
        },
        onAllReady() {
          if (waitForAll) respond()
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell is ready reach onShellError; later ones are logged here.
          if (shellRendered) console.error(error)
        },
      }
    )
    setTimeout(abort, ABORT_DELAY + 1_000)
  })
}
