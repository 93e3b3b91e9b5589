import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  // Single Fetch changes the types useLoaderData/useActionData infer.
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  plugins: [
    remix({
      // Tests sit beside the route modules they test.
      ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off: with lazy route discovery, a fetcher loading a resource route while a navigation
        // or revalidation patched the routes could find no route and put a "Page not found" over
        // the page (the notification bell on a booking's details; remix-run/remix#10263). The
        // whole route manifest goes with the first page instead (a few kB compressed).
        v3_lazyRouteDiscovery: false,
      },
    }),
  ],
})
