import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Tests render Remix components inside a memory router. It must be the very copy of
// react-router-dom that @remix-run/react uses (the workspace root hoists another major).
const requireFromRemix = createRequire(createRequire(import.meta.url).resolve('@remix-run/react'))
const remixRouterDom = dirname(requireFromRemix.resolve('react-router-dom/package.json'))

// Kept apart from vite.config.ts so the Remix Vite plugin does not run under Vitest.
export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      'react-router-dom': remixRouterDom,
    },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    // One module graph per worker, not per file: React, Remix and MUI are evaluated once, which
    // takes the run from minutes to seconds; each test cleans up after itself (setup file).
    isolate: false,
    // The shared package's own tests run here, with the storefront's.
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', '../packages/shared/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./app/test/setup.ts'],
    restoreMocks: true,
    // Beside the cluster test in CI a screen's longest test can pass 5 s; a hung one still fails.
    testTimeout: 15_000,
  },
})
