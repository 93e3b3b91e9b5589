import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Kept apart from vite.config.ts so tests run at the root path, without the build's base.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // One module graph per worker, not per file: React, Remix and MUI are evaluated once, which
    // takes the run from minutes to seconds; each test cleans up after itself (setup file).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Beside the cluster test in CI a screen's longest test can pass 5 s; a hung one still fails.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
})
