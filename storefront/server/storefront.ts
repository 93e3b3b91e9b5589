import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import { runInRequestScope } from '../app/utils/request-scope.server.ts'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import type { Router } from 'express'

export interface Storefront {
  handler: Router
  close: () => Promise<void>
}

/**
 * The Remix app. In production: the build in `build/`. In development: Vite's dev
 * middleware, which compiles on request and hot-reloads.
 */
export async function createStorefront({
  root,
  production,
}: {
  root: string
  production: boolean
}): Promise<Storefront> {
  const handler = express.Router()

  if (production) {
    const buildFile = path.join(root, 'build/server/index.js')
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild
    const clientDir = path.join(root, 'build/client')
    // Vite fingerprints everything under assets/.
    handler.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false })
    )
    handler.use(express.static(clientDir, { maxAge: '1h', index: false }))
    const remix = createRequestHandler({ build, mode: 'production' })
    handler.all('*', (req, res, next) => runInRequestScope(req.method, () => remix(req, res, next)))
    return { handler, close: async () => {} }
  }

  const vite = await import('vite')
  const devServer = await vite.createServer({ root, server: { middlewareMode: true } })
  handler.use(devServer.middlewares)
  const remix = createRequestHandler({
    build: () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    mode: 'development',
  })
  handler.all('*', (req, res, next) => runInRequestScope(req.method, () => remix(req, res, next)))
  return { handler, close: () => devServer.close() }
}
