/**
 * `npm run bench -- notifications`: the notification list's p95 at 100,000 notifications and the
 * mail queue's throughput to the recording transport, measured by
 * `node ace notifications:bench` on the database the environment names (MYSQL_DB_NAME ...;
 * run `node ace migration:run` on it first). Everything it writes is removed afterwards.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const backend = fileURLToPath(new URL('../../backend/', import.meta.url))
const result = spawnSync(process.execPath, ['ace', 'notifications:bench', ...process.argv.slice(2)], {
  cwd: backend,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
})
process.exit(result.status ?? 1)
