/**
 * The gateway opens its port only once the backend answers its liveness check, so the
 * first pages never render against an API that is still starting (no "Network error"
 * in the log, no error page for the first visitor).
 */
export interface WaitOptions {
  /** Give up after this long (ms); the caller exits and its supervisor restarts it. */
  timeoutMs?: number
  /** Time between attempts (ms). */
  intervalMs?: number
  /** Told once when the backend is not up at the first attempt. */
  onWaiting?: (url: string) => void
}

export async function waitForBackend(backendUrl: string, options: WaitOptions = {}): Promise<void> {
  const { timeoutMs = 120_000, intervalMs = 200, onWaiting } = options
  const url = new URL('/api/health/live', backendUrl).toString()
  const deadline = Date.now() + timeoutMs
  let told = false
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(intervalMs, 1_000)) })
      await response.body?.cancel()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() >= deadline) {
      throw new Error(`The API at ${backendUrl} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`)
    }
    if (!told) {
      told = true
      onWaiting?.(url)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
