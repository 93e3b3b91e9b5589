import { defineConfig } from 'vitest/config'

/**
 * Journeys that read what every other journey changes: the whole hub (counts, every lot's button,
 * its live announcements) and the demo agent admin's unread count.
 */
const ALONE = [
  'tests/e2e/public-hub.e2e.ts',
  'tests/e2e/public-lot-type.e2e.ts',
  'tests/e2e/live-hub.e2e.ts',
  'tests/e2e/notifications.e2e.ts',
]

/**
 * Real-browser journeys: the whole stack (backend + gateway, production builds, run
 * `npm run build` first) on its own database with the demo data, started once by
 * tests/e2e/stack.ts and driven by Debian's Chromium through playwright-core.
 * Most journeys run side by side (each books lots no other holds: lot-claims.ts); the few that
 * read what all of them change run on their own, one at a time.
 */
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['./tests/e2e/stack.ts'],
    setupFiles: ['./tests/e2e/journey-setup.ts'],
    testTimeout: 60_000,
    // A journey that fails is run once more before the run fails; a retry still shows in the report.
    retry: 1,
    hookTimeout: 120_000,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: { name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'journeys', include: ['tests/e2e/**/*.e2e.ts'], exclude: ALONE, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
