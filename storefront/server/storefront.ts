import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import type { Router } from 'express'
import { runInRequestScope } from '../app/utils/request-scope.server.ts'

export interface Storefront {
  handler: Router
  close: () => Promise<void>
}

/** The Remix app: in production the build in `build/`, otherwise Vite's dev middleware (compiles on request, hot reload). */
export async function createStorefront({
  root,
  production,
}: {
  root: string
  production: boolean
}): Promise<Storefront> {
  const handler = express.Router()
  let build: ServerBuild | (() => Promise<ServerBuild>)
  let close = async () => {}
  if (production) {
    build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild
    const clientDir = path.join(root, 'build/client')
    // Vite fingerprints everything under assets/.
    const assets = express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false })
    handler.use('/assets', assets)
    handler.use(express.static(clientDir, { maxAge: '1h', index: false }))
  } else {
    const vite = await import('vite')
    const devServer = await vite.createServer({ root, server: { middlewareMode: true } })
    handler.use(devServer.middlewares)
    build = () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    close = () => devServer.close()
  }
  const remix = createRequestHandler({ build, mode: production ? 'production' : 'development' })
  handler.all('*', (req, res, next) => runInRequestScope(req.method, () => remix(req, res, next)))
  return { handler, close }
}
