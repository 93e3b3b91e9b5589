import { useEffect, useState } from 'react'

/** `value` once it has stopped changing for `ms`: a search box queries the backend when typing pauses. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
