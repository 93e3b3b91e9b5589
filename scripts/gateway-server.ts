/** The storefront's gateway as production runs it: `node <args>` in storefront/ (settings: storefront/server.ts). */
import { join } from 'node:path'
import { MMAP_THRESHOLD } from './backend-server.ts'

/**
 * Under many signed-in renders V8 grows the young generation to 64 MB semi-spaces, which stay
 * resident; 16 MB costs no throughput. docker-compose.yml and storefront's `npm start` repeat it.
 */
export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=16']

export const gatewayServer = {
  cwd: join(import.meta.dirname, '..', 'storefront'),
  args: [...GATEWAY_NODE_FLAGS, 'server.ts'],
  // As in the image: glibc otherwise keeps the freed blocks of many renders at once.
  env: (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD, ...env }),
}
