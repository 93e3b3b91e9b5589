import { defineConfig } from 'vitest/config'

/**
 * Real-browser journeys: the whole stack (backend + gateway, production builds, run
 * `npm run build` first) on its own database with the demo data, started once by
 * tests/e2e/stack.ts and driven by Debian's Chromium through playwright-core.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['./tests/e2e/stack.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
