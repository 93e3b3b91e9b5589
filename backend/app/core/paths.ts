import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import app from '@adonisjs/core/services/app'

const appRoot = fileURLToPath(app.appRoot)

/**
 * The backend's folder. The app runs from it in development and tests, and compiled from its
 * build/ folder (`npm run build`) in production. Every build empties build/, so what an instance
 * keeps (the SQLite file, the local disks, the mail outbox) and the schema's migrations are
 * found from the backend's folder either way.
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
