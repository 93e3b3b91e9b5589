/**
 * The backend inside another Node process (the storefront's gateway, `API_IN_PROCESS=1`):
 * the same application as `bin/server.ts`, listening on HOST:PORT as there, whose request
 * handler is also handed to the caller, which answers its own `/api` requests with it.
 *
 * The process must load TypeScript the backend's way (`--import=@poppinss/ts-exec`).
 */
import 'reflect-metadata'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Ignitor } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

export interface InProcessBackend {
  /** Answers one request as the backend's own port would. */
  handle: (req: IncomingMessage, res: ServerResponse) => void
  /** Stops it as SIGTERM stops `bin/server.ts`: its port closed, its connections and queues ended. */
  stop: () => Promise<void>
}

export async function startBackendInProcess(): Promise<InProcessBackend> {
  let handle: InProcessBackend['handle'] | undefined
  const ignitor = new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
  })
  await ignitor.httpServer().start((handler) => {
    handle = handler
    return createServer(handler)
  })
  if (!handle) throw new Error('The backend started without a request handler')
  return { handle, stop: () => ignitor.terminate() }
}
