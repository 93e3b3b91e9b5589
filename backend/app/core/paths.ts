import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import app from '@adonisjs/core/services/app'

const appRoot = fileURLToPath(app.appRoot)

/**
 * The backend's folder, also when the app runs compiled from build/: what an instance keeps must
 * outlive a build, which empties build/.
 */
export const backendRoot = existsSync(join(appRoot, 'adonisrc.ts')) ? appRoot : resolve(appRoot, '..')

/**
 * The schema's migrations, in the top-level `database/` workspace. Lucid names an applied
 * migration by this folder as written here ('../database/migrations/0001_...').
 */
export const MIGRATIONS_FOLDER = '../database/migrations'

/** A path from a setting: relative ones start at the backend's folder, absolute ones stay. */
export function backendPath(...paths: string[]) {
  return resolve(backendRoot, ...paths)
}
