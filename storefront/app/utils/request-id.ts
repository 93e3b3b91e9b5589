import { createContext, useContext } from 'react'

/** As the gateway's (server/request-id.ts). */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,128}$/

const RequestIdContext = createContext<string | null>(null)

/** Hands this render's request id (entry.server.tsx, from the gateway) to the error page. */
export const RequestIdProvider = RequestIdContext.Provider

/**
 * The id the server gave the page it rendered. In the browser, only the error page the server drew
 * has it, in the reference it printed (read back so hydration draws the same); a crash in the
 * browser alone reached no server log, so it has none.
 */
export function useServerRequestId(): string | null {
  const fromServer = useContext(RequestIdContext)
  if (fromServer !== null) return REQUEST_ID.test(fromServer) ? fromServer : null
  if (typeof document === 'undefined') return null
  const printed = document.querySelector('[data-request-id]')?.getAttribute('data-request-id') ?? ''
  return REQUEST_ID.test(printed) ? printed : null
}
