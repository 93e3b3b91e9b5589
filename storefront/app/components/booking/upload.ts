import { decode } from 'turbo-stream'

/** What a route action posted with `postToAction` answered. */
export type ActionAnswer<Result> =
  | { type: 'data'; status: number; data: Result }
  | { type: 'redirect'; location: string; reload: boolean }
  /** The action threw, or no answer came (`status` null: the network failed). */
  | { type: 'failed'; status: number | null }

/** The address Remix's fetcher posts a route action to (single fetch: the route's `.data` address). */
export function actionDataUrl(action: string, origin: string = window.location.origin): string {
  const url = new URL(action, origin)
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`
  return url.toString()
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

/**
 * Remix's single-fetch answer to an action: `{ data }`, `{ redirect, reload }` or `{ error }`, as a
 * turbo-stream (the encoding Remix itself decodes with). Errors and redirects arrive as plugin
 * values; they only need telling apart, so each is kept as an opaque marker.
 */
async function readAnswer<Result>(status: number, text: string): Promise<ActionAnswer<Result>> {
  try {
    const decoded = await decode(streamOf(text), { plugins: [(type) => ({ value: { encoded: type } })] })
    const answer = decoded.value as Record<string, unknown> | null
    if (answer && typeof answer === 'object') {
      if (typeof answer.redirect === 'string')
        return { type: 'redirect', location: answer.redirect, reload: answer.reload === true }
      if ('data' in answer && answer.data && typeof answer.data === 'object')
        return { type: 'data', status, data: answer.data as Result }
    }
  } catch {
    // Not Remix's answer (a proxy's error page, say): a failure like any other.
  }
  return { type: 'failed', status }
}

/**
 * Posts a form's multipart body to its Remix route action, as Remix's fetcher would, but through
 * XMLHttpRequest: fetch reports no upload progress, `upload.onprogress` does. `onProgress`
 * receives whole percents of the body sent.
 */
export function postToAction<Result>(
  action: string,
  body: FormData,
  onProgress: (percent: number) => void
): Promise<ActionAnswer<Result>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', actionDataUrl(action))
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () => {
      onProgress(100)
      void readAnswer<Result>(request.status, request.responseText).then(resolve)
    })
    request.addEventListener('error', () => resolve({ type: 'failed', status: null }))
    request.addEventListener('abort', () => resolve({ type: 'failed', status: null }))
    request.addEventListener('timeout', () => resolve({ type: 'failed', status: null }))
    request.send(body)
  })
}
