/**
 * JavaScript entrypoint for Ace: registers the TypeScript loader (@poppinss/ts-exec)
 * and hands over to bin/console.ts.
 */
import '@poppinss/ts-exec'

await import('./bin/console.js')
