import type { LiveClient } from './live-client'

/** A LiveClient the test drives: it pushes messages, drops and restores the connection. */
export class FakeLiveClient implements LiveClient {
  readonly handlers = new Map<string, Set<(message: unknown) => void>>()
  readonly reconnectListeners = new Set<() => void>()
  /** Every channel ever subscribed, in order. */
  readonly subscribed: string[] = []

  subscribe(channel: string, onMessage: (message: unknown) => void) {
    this.subscribed.push(channel)
    let set = this.handlers.get(channel)
    if (!set) this.handlers.set(channel, (set = new Set()))
    set.add(onMessage)
    return () => {
      set.delete(onMessage)
      if (set.size === 0) this.handlers.delete(channel)
    }
  }

  onReconnect(listener: () => void) {
    this.reconnectListeners.add(listener)
    return () => {
      this.reconnectListeners.delete(listener)
    }
  }

  /** The channels someone listens to now. */
  get listening(): string[] {
    return [...this.handlers.keys()]
  }

  push(channel: string, message: unknown) {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) handler(message)
  }

  reconnect() {
    for (const listener of [...this.reconnectListeners]) listener()
  }
}
