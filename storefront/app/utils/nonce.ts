import { createContext, useContext } from 'react'

const NonceContext = createContext('')

/** Hands this render's Content Security Policy nonce (entry.server.tsx) to the components that write inline scripts. */
export const NonceProvider = NonceContext.Provider

/** The render's nonce on the server; '' in the browser, which hides nonces from the page once it has read them. */
export function useNonce(): string {
  return useContext(NonceContext)
}
