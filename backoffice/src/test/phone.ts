import { vi } from 'vitest'

/**
 * The browser as a 390 px wide phone: `matchMedia` answers width queries as that screen does
 * (jsdom has no `matchMedia`, and MUI's useMediaQuery then answers false: the desktop).
 */
export function onPhone(width = 390): void {
  const matches = (query: string) => {
    const conditions = [...query.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)]
    return (
      conditions.length > 0 &&
      conditions.every(([, bound, pixels]) => (bound === 'max' ? width <= Number(pixels) : width >= Number(pixels)))
    )
  }
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }))
}
