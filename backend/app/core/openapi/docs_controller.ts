import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { configProvider } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { AppError } from '#core/errors'
import { buildOpenApiDocument } from '#core/openapi/document'
import { routeTable } from '#core/openapi/route_table'
import { DOCS_PAGE, DOCS_PAGE_CSP, compressedDocsAsset, findDocsAsset } from '#core/openapi/assets'

let documentJson: Promise<string> | undefined

/** Built on first request, then kept: the routes and validators do not change while the process runs. */
function openApiJson(): Promise<string> {
  documentJson ??= buildJson().catch((error) => {
    documentJson = undefined
    throw error
  })
  return documentJson
}

async function buildJson(): Promise<string> {
  const { version } = JSON.parse(await readFile(app.makePath('package.json'), 'utf8')) as { version: string }
  const session = await configProvider.resolve<{ cookieName: string }>(app, app.config.get('session'))
  if (!session) throw new Error('config/session.ts must use defineConfig')
  // The composition root's table: it names the modules' validators, which core may not import.
  const { default: docs } = await import('#start/api_reference')
  return JSON.stringify(buildOpenApiDocument(routeTable(router), docs, { version, sessionCookie: session.cookieName }))
}

/** The API reference (README "API reference"): public, no session. */
export default class DocsController {
  async page({ response }: HttpContext) {
    response.header('Content-Type', 'text/html; charset=utf-8')
    response.header('Content-Security-Policy', DOCS_PAGE_CSP)
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Cache-Control', 'no-cache')
    response.send(DOCS_PAGE)
  }

  async document({ response }: HttpContext) {
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Cache-Control', 'no-cache')
    response.send(await openApiJson())
  }

  async asset({ params, request, response }: HttpContext) {
    const name = String(params.file)
    const asset = findDocsAsset(name)
    if (!asset) throw AppError.notFound()
    response.header('Content-Type', asset.contentType)
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Vary', 'Accept-Encoding')
    const encoding = request.encoding(['br', 'gzip', 'identity'])
    if (encoding === 'br' || encoding === 'gzip') {
      const compressed = await compressedDocsAsset(name, encoding)
      if (compressed) {
        response.header('Content-Encoding', encoding)
        return response.send(compressed)
      }
    }
    if ('text' in asset) return response.send(asset.text)
    response.stream(createReadStream(asset.file))
  }
}
