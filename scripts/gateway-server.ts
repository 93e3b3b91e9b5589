/** The storefront's gateway as production runs it: `node <args>` in storefront/ (settings: storefront/server.ts). */
import { join } from 'node:path'
import { MMAP_THRESHOLD } from './backend-server.ts'

/**
 * Under a crowd of signed-in page renders V8 grows the young generation to 64 MB semi-spaces, and
 * that memory stays resident. 16 MB keeps the gateway's peak about 100 MB lower at the same
 * throughput. docker-compose.yml and storefront's `npm start` give the same flag.
 */
export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=16']

export const gatewayServer = {
  cwd: join(import.meta.dirname, '..', 'storefront'),
  args: [...GATEWAY_NODE_FLAGS, 'server.ts'],
  // As in the image: with 50 signed-in renders at once, glibc otherwise kept about 200 MB of freed blocks.
  env: (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD, ...env }),
}
