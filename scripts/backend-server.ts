/** The backend's web server as production runs it: compiled by `npm run build`, reading backend/.env. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const backendDir = join(import.meta.dirname, '..', 'backend')

export const backendServer = {
  cwd: join(backendDir, 'build'),
  args: ['bin/server.js'],
  env: (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...env, ENV_PATH: backendDir }),
}

/** Whether `npm run build` has compiled the backend. */
export const backendBuilt = () => existsSync(join(backendServer.cwd, backendServer.args[0]))

/** Throws when the backend is not compiled, saying how to compile it. */
export function assertBackendBuilt() {
  if (!backendBuilt()) throw new Error('backend/build/bin/server.js is missing: run `npm run build` first')
}
