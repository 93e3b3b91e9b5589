import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// Served on the one origin under /backoffice/ (ARCHITECTURE.md); /api and the storefront's
// /login live on that same origin. For `vite dev` alone, /api is proxied to the backend.
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': `http://localhost:${process.env.BACKEND_PORT ?? '3333'}`,
    },
  },
})
