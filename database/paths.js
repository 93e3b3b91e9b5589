import { fileURLToPath } from 'node:url'

/** Absolute locations of the schema's sources, for tools outside the backend. */
export const migrationsPath = fileURLToPath(new URL('./migrations', import.meta.url))
export const seedersPath = fileURLToPath(new URL('./seeders', import.meta.url))
