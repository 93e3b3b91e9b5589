import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import express from 'express'
import type { NextFunction, Request, Response, Router } from 'express'
import { firstViewPage, firstViewStyle, renderFirstView } from '../../backoffice/src/first-view/firstView.ts'
import { cookieValue } from '../../backoffice/src/cookies.ts'
import { REQUESTS_VIEW_COOKIE, requestsViewFrom } from '../../backoffice/src/first-view/requestsView.ts'
import { appendForwardedFor } from './api-proxy.ts'
import { isSignedIn } from './cached-response.ts'
import { createNonce, pagePolicy } from './security-headers.ts'

const LONG_CACHE = 'public, max-age=31536000, immutable'

/** How long the first view may wait for the backend before the page goes out without it. */
const FIRST_VIEW_WAIT_MS = 400

export interface BackofficeOptions {
  /**
   * The backend, for the first view of the agent's phone pages (backoffice/src/first-view):
   * read as the signed-in user and drawn into the page. None: the page goes out as built.
   */
  backendUrl?: string
  /** The session cookie's names: only a signed-in request can have a first view. */
  sessionCookies?: string[]
}

/**
 * Serves the built backoffice (a single-page app): its files, and its index.html for
 * any other page address so the app's router can take over. For a signed-in agent admin, the
 * dashboard and the booking requests page come with their first view (their data as plain
 * HTML, shown on a phone until the app has started).
 */
export function createBackofficeHandler(dist: string, options: BackofficeOptions = {}): Router {
  const router = express.Router()
  const indexFile = path.join(dist, 'index.html')
  const sessionCookies = options.sessionCookies ?? ['aero_session']
  const index = builtIndex(indexFile)

  // Hashed build output never changes under the same name.
  router.use(
    '/assets',
    sendPrecompressed(path.join(dist, 'assets')),
    express.static(path.join(dist, 'assets'), {
      index: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('Cache-Control', LONG_CACHE),
    }),
    (_req, res) => notFound(res, 'No such file.')
  )

  router.use(
    express.static(dist, {
      index: false,
      setHeaders: (res, file) => {
        if (path.basename(file) === 'index.html') res.setHeader('Cache-Control', 'no-cache')
      },
    })
  )

  router.use((req, res) => {
    // A path with an extension names a file, and that file is not there.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.extname(req.path)) {
      notFound(res, 'No such file.')
      return
    }
    if (!existsSync(indexFile)) {
      notFound(res, 'The backoffice has not been built.')
      return
    }
    const search = new URLSearchParams(req.url.split('?')[1] ?? '')
    if (options.backendUrl && firstViewPage(req.path, search) && isSignedIn(req, sessionCookies) && onAPhone(req)) {
      const nonce = createNonce()
      withFirstView(req, search, options.backendUrl, index(), nonce).then(
        (html) => {
          // Drawn for this user alone: never stored, by the browser or anything between.
          res.setHeader('Cache-Control', 'private, no-store')
          // Its one inline script (the app's start, after the first view is drawn) carries a
          // nonce: the policy of a page with inline scripts.
          res.setHeader('Content-Security-Policy', pagePolicy(nonce))
          res.type('html').send(html)
        },
        (error: Error) => {
          console.error(`Backoffice first view of ${req.path}: ${error.message}`)
          res.setHeader('Cache-Control', 'no-cache')
          res.sendFile(indexFile)
        }
      )
      return
    }
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(indexFile)
  })

  return router
}

/**
 * A phone's browser, as it says itself (Chromium's `Sec-CH-UA-Mobile` hint, else its user
 * agent): a wider screen shows the app's table layouts, for which there is no first view.
 */
export function onAPhone(req: Request): boolean {
  const hint = req.headers['sec-ch-ua-mobile']
  if (hint !== undefined) return hint === '?1'
  return /\bMobi|\bAndroid\b|\biPhone\b/.test(req.headers['user-agent'] ?? '')
}

/** The built index.html, read again when the build changes it. */
function builtIndex(file: string): () => string {
  let read = { mtimeMs: -1, html: '' }
  return () => {
    const { mtimeMs } = statSync(file)
    if (mtimeMs !== read.mtimeMs) read = { mtimeMs, html: readFileSync(file, 'utf8') }
    return read.html
  }
}

/**
 * The page with its first view drawn in, read from the backend as the user who asks (their
 * cookies, their address); the page as built when the backend does not answer in time, or
 * there is nothing to draw (not an agent admin, signed out).
 */
async function withFirstView(
  req: Request,
  search: URLSearchParams,
  backendUrl: string,
  html: string,
  nonce: string
): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json', cookie: req.headers.cookie ?? '' }
  const address = req.socket.remoteAddress
  const forwardedFor = address ? appendForwardedFor(req.headers['x-forwarded-for'], address) : undefined
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor
  if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent']
  const signal = AbortSignal.timeout(FIRST_VIEW_WAIT_MS)
  const ask = async (apiPath: string) => {
    const answer = await fetch(new URL(apiPath, backendUrl), { headers, signal, redirect: 'manual' })
    return answer.ok ? answer.json() : null
  }
  // The booking requests list as the agent last left it (the app remembers it in this cookie).
  const requestsView = requestsViewFrom(cookieValue(req.headers.cookie, REQUESTS_VIEW_COOKIE))
  const view = await renderFirstView(req.path, search, ask, { requestsView }).catch((error: Error) => {
    if (error.name !== 'TimeoutError' && error.name !== 'AbortError') throw error
    return null
  })
  if (!view) return html
  const { page, scripts } = withoutAppScripts(html)
  return page
    .replace('</head>', `${firstViewStyle()}</head>`)
    .replace('<body>', '<body data-first-view>')
    .replace('<div id="root">', `${view}<div id="root">`)
    .replace('</body>', `${startAfterFirstPaint(scripts, nonce)}</body>`)
}

/** The build's module script and module preloads (Vite writes them into the head). */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g
const APP_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

function withoutAppScripts(html: string): { page: string; scripts: { entries: string[]; preloads: string[] } } {
  const entries = [...html.matchAll(APP_SCRIPT)].map((match) => match[1])
  const preloads = [...html.matchAll(APP_PRELOAD)].map((match) => match[1])
  return { page: html.replace(APP_SCRIPT, '').replace(APP_PRELOAD, ''), scripts: { entries, preloads } }
}

/**
 * The app's scripts, asked for once the first view is on screen (the frame after it is drawn,
 * or a tenth of a second at most): the page's data are drawn first, then the app's 300 kB come,
 * all at once as before (its libraries preloaded beside its entry).
 */
function startAfterFirstPaint({ entries, preloads }: { entries: string[]; preloads: string[] }, nonce: string) {
  const tags = [
    ...preloads.map((href) => ({ tag: 'link', rel: 'modulepreload', href })),
    ...entries.map((src) => ({ tag: 'script', type: 'module', src })),
  ]
  const start =
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `for(const{tag,...attributes}of ${JSON.stringify(tags)}){const element=document.createElement(tag);` +
    `element.crossOrigin='';Object.assign(element,attributes);document.head.append(element)}};` +
    `requestAnimationFrame(()=>setTimeout(start));setTimeout(start,100)`
  return `<script type="module" nonce="${nonce}">${start}</script>`
}

/**
 * The build writes a brotli copy (`.br`, best compression) beside each larger asset: a browser
 * that accepts brotli gets it, about a fifth smaller than gzip made on the fly, at no CPU cost
 * per request. Anything else falls through to the plain file (compressed by the gateway).
 */
function sendPrecompressed(assets: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = decodedPath(req.path)
    // An address that does not decode names no file: the static files' handler answers it.
    if (name === null) return next()
    const file = path.join(assets, path.normalize(name))
    const brotli = `${file}.br`
    if (!file.startsWith(assets + path.sep) || !existsSync(brotli)) return next()
    res.vary('Accept-Encoding')
    if (req.acceptsEncodings('br', 'identity') !== 'br') return next()
    res.setHeader('Content-Encoding', 'br')
    res.setHeader('Cache-Control', LONG_CACHE)
    res.type(path.extname(file))
    res.sendFile(brotli, { headers: { 'Cache-Control': LONG_CACHE } }, (error) => {
      if (error && !res.headersSent) next()
    })
  }
}

function decodedPath(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

function notFound(res: Response, message: string): void {
  res.status(404).type('text/plain; charset=utf-8').send(`404 Not Found. ${message}`)
}
