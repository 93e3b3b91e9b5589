import { existsSync } from 'node:fs'
import path from 'node:path'
import express from 'express'
import type { RequestHandler, Router } from 'express'

const LONG_CACHE = 'public, max-age=31536000, immutable'

const notFound =
  (message: string): RequestHandler =>
  (_req, res) =>
    void res.status(404).type('text/plain; charset=utf-8').send(`404 Not Found. ${message}`)

/** The built backoffice: its hashed files cached for good, and index.html, never cached, for any page of its router. */
export function createBackofficeHandler(dist: string): Router {
  const router = express.Router()
  const assets = path.join(dist, 'assets')
  const indexFile = path.join(dist, 'index.html')
  const longCache = { index: false, setHeaders: (res: express.Response) => res.setHeader('Cache-Control', LONG_CACHE) }
  router.use('/assets', sendBrotliCopy(assets), express.static(assets, longCache), notFound('No such file.'))
  const indexNotCached = (res: express.Response, file: string) => {
    if (path.basename(file) === 'index.html') res.setHeader('Cache-Control', 'no-cache')
  }
  router.use(express.static(dist, { index: false, setHeaders: indexNotCached }))
  router.use((req, res, next) => {
    // A path with an extension names a file, and that file is not there.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.extname(req.path)) {
      return notFound('No such file.')(req, res, next)
    }
    if (!existsSync(indexFile)) return notFound('The backoffice has not been built.')(req, res, next)
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(indexFile)
  })
  return router
}

/** The build writes a brotli copy (`.br`) beside each larger asset: smaller than gzip made here, and no work per request. */
function sendBrotliCopy(assets: string): RequestHandler {
  return (req, res, next) => {
    const name = req.method === 'GET' || req.method === 'HEAD' ? decodedPath(req.path) : null
    const file = name === null ? '' : path.join(assets, path.normalize(name))
    if (!file.startsWith(assets + path.sep) || !existsSync(`${file}.br`)) return next()
    res.vary('Accept-Encoding')
    if (req.acceptsEncodings('br', 'identity') !== 'br') return next()
    res.setHeader('Content-Encoding', 'br')
    res.type(path.extname(file))
    res.sendFile(`${file}.br`, { headers: { 'Cache-Control': LONG_CACHE } }, (error) => {
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
