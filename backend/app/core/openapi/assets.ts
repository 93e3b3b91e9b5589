import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Swagger UI and our init script only, no inline script or style, so the page runs under a strict CSP. */

const SWAGGER_UI_DIR = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')))
const SWAGGER_UI_VERSION = (createRequire(import.meta.url)('swagger-ui-dist/package.json') as { version: string })
  .version

/** "Try it out" writes carry the CSRF header the backend asks for, as the front ends do. */
const INIT_SCRIPT = `'use strict'
;(function () {
  function xsrfToken() {
    var match = document.cookie.match(/(?:^|;\\s*)XSRF-TOKEN=([^;]*)/)
    return match ? decodeURIComponent(match[1]) : null
  }
  window.ui = window.SwaggerUIBundle({
    url: '/api/docs/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    requestInterceptor: function (request) {
      var token = xsrfToken()
      if (token && !/^(GET|HEAD|OPTIONS)$/i.test(request.method)) request.headers['X-XSRF-TOKEN'] = token
      return request
    },
  })
})()
`

type DocsAsset = { contentType: string; version: string } & ({ file: string } | { text: string })

const swaggerFile = (name: string, contentType: string): DocsAsset => ({
  contentType,
  version: SWAGGER_UI_VERSION,
  file: join(SWAGGER_UI_DIR, name),
})

/** The whitelist of GET /api/docs/assets/:file. */
export const DOCS_ASSETS: Record<string, DocsAsset> = {
  'swagger-ui.css': swaggerFile('swagger-ui.css', 'text/css; charset=utf-8'),
  'swagger-ui-bundle.js': swaggerFile('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
  'favicon-32x32.png': swaggerFile('favicon-32x32.png', 'image/png'),
  'init.js': {
    contentType: 'text/javascript; charset=utf-8',
    version: createHash('sha256').update(INIT_SCRIPT).digest('hex').slice(0, 12),
    text: INIT_SCRIPT,
  },
}

export function findDocsAsset(name: string): DocsAsset | undefined {
  return Object.hasOwn(DOCS_ASSETS, name) ? DOCS_ASSETS[name] : undefined
}

/** Text is compressed (Swagger UI's bundle is 1.7 MB plain), once per process and encoding. */
const compressions = new Map<string, Promise<Buffer>>()
const compress = {
  br: (data: Buffer) => promisify(brotliCompress)(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 9 }),
}

export function compressedDocsAsset(name: string, encoding: 'br' | 'gzip'): Promise<Buffer> | null {
  const asset = findDocsAsset(name)
  if (!asset?.contentType.startsWith('text/')) return null
  const key = `${name}:${encoding}`
  let compressed = compressions.get(key)
  if (!compressed) {
    const plain = 'text' in asset ? Promise.resolve(Buffer.from(asset.text)) : readFile(asset.file)
    compressed = plain.then((data) => compress[encoding](data))
    compressed.catch(() => compressions.delete(key))
    compressions.set(key, compressed)
  }
  return compressed
}

/** Each asset's URL carries its version, so a year of caching never serves a stale file. */
const assetUrl = (name: keyof typeof DOCS_ASSETS) => `/api/docs/assets/${name}?v=${DOCS_ASSETS[name].version}`

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Aero Industrial Hub API reference</title>
    <link rel="icon" type="image/png" href="${assetUrl('favicon-32x32.png')}">
    <link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${assetUrl('swagger-ui-bundle.js')}"></script>
    <script src="${assetUrl('init.js')}"></script>
  </body>
</html>
`

/** Scripts, styles and calls from this origin only; no inline script. */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
