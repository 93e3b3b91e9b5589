import { setTimeout as sleep } from 'node:timers/promises'

/** Waits for the backend's liveness check, so that the first pages never render against an API still starting. */
export async function waitForBackend(
  backendUrl: string,
  {
    timeoutMs = 120_000,
    intervalMs = 200,
    onWaiting,
  }: { timeoutMs?: number; intervalMs?: number; onWaiting?: (url: string) => void } = {}
): Promise<void> {
  const url = new URL('/api/health/live', backendUrl).toString()
  const deadline = Date.now() + timeoutMs
  for (let attempt = 0; ; attempt++) {
    const live = await fetch(url, { signal: AbortSignal.timeout(Math.max(intervalMs, 1_000)) })
      .then(async (response) => {
        await response.body?.cancel()
        return response.ok
      })
      .catch(() => false)
    if (live) return
    if (Date.now() >= deadline) {
      throw new Error(`The API at ${backendUrl} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`)
    }
    if (attempt === 0) onWaiting?.(url)
    await sleep(intervalMs)
  }
}
