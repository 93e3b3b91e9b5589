/**
 * Live updates in the browser: the backend pushes committed changes over server-sent events
 * (@adonisjs/transmit, at /__transmit/* on the one origin; docs/architecture.md).
 * A push is a hint: after the connection drops and comes back, pages load their data again.
 *
 * One client per page, shared by every hook, and only in the browser: hooks subscribe from
 * effects, which never run during server rendering, and the client library is loaded then.
 */
import { createContext, useContext, useEffect, useRef } from 'react'
import type { Subscription, Transmit } from '@adonisjs/transmit-client'

export type Unsubscribe = () => void

/** What the pages need of the push connection. The browser's is Transmit; tests pass a fake. */
export interface LiveClient {
  /** Listens to a channel's messages; the returned function stops listening. */
  subscribe(channel: string, onMessage: (message: unknown) => void): Unsubscribe
  /** Called each time the connection is back after a drop (messages may have been missed meanwhile). */
  onReconnect(listener: () => void): Unsubscribe
}

/** A channel with no listeners left is closed; the connection itself once idle this long. */
const IDLE_CLOSE_MS = 5_000
/** After the connection gave up (server error, too many failed attempts): wait, doubling up to a minute. */
const RESTART_MS = { first: 2_000, max: 60_000 }
/** EventSource.CLOSED, without needing EventSource in scope (it is absent on the server). */
const EVENT_SOURCE_CLOSED = 2

interface OpenChannel {
  subscription: Subscription
  stop: () => void
}

/**
 * A LiveClient over Transmit. Transmit re-subscribes by itself when the browser's EventSource
 * reconnects; when the EventSource gives up instead (an HTTP error, or five failed attempts),
 * this starts a new connection after a pause and subscribes every channel again.
 */
export function createTransmitClient(baseUrl: string): LiveClient {
  const handlers = new Map<string, Set<(message: unknown) => void>>()
  const reconnectListeners = new Set<() => void>()
  const open = new Map<string, OpenChannel>()
  let transmit: Transmit | null = null
  let loading = false
  let dropped = false
  let restartDelay = RESTART_MS.first
  // Whether a connection was already started anew because its subscriptions were refused as another opener's.
  let rebound = false
  let restartTimer: ReturnType<typeof setTimeout> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let notifyTimer: ReturnType<typeof setTimeout> | undefined

  // After a drop, listeners hear of it once the channels are subscribed again.
  const notifyReconnected = () => {
    if (!dropped) return
    dropped = false
    clearTimeout(notifyTimer)
    notifyTimer = setTimeout(() => {
      for (const listener of [...reconnectListeners]) listener()
    }, 0)
  }

  const openChannel = (channel: string) => {
    if (!transmit || open.has(channel)) return
    const subscription = transmit.subscription(channel)
    const stop = subscription.onMessage((message: unknown) => {
      for (const handler of [...(handlers.get(channel) ?? [])]) handler(message)
    })
    open.set(channel, { subscription, stop })
    void subscription.create()
  }

  const closeChannel = (channel: string) => {
    const entry = open.get(channel)
    if (!entry) return
    open.delete(channel)
    entry.stop()
    void entry.subscription.delete()
  }

  const shutDown = () => {
    for (const channel of [...open.keys()]) closeChannel(channel)
    transmit?.close()
    transmit = null
  }

  const restart = () => {
    if (!transmit) return
    // The old connection's subscriptions die with it: forget them without unsubscribing.
    for (const entry of open.values()) entry.stop()
    open.clear()
    transmit.close()
    transmit = null
    dropped = true
    clearTimeout(restartTimer)
    restartTimer = setTimeout(connect, restartDelay)
    restartDelay = Math.min(restartDelay * 2, RESTART_MS.max)
  }

  const connect = () => {
    // Without EventSource (an old browser, a test DOM) the page simply does not update live.
    if (transmit || loading || handlers.size === 0 || typeof EventSource === 'undefined') return
    loading = true
    import('@adonisjs/transmit-client')
      .then(({ Transmit }) => {
        loading = false
        if (transmit || handlers.size === 0) return
        const client = new Transmit({
          baseUrl,
          eventSourceFactory: (url, options) => {
            const source = new EventSource(url, options)
            // The browser stopped retrying (an HTTP error answered): start over later.
            source.addEventListener('error', () => {
              if (source.readyState === EVENT_SOURCE_CLOSED && transmit === client) restart()
            })
            return source
          },
          onReconnectFailed: () => {
            if (transmit === client) restart()
          },
          onSubscription: () => {
            rebound = false
            notifyReconnected()
          },
          onSubscribeFailed: (response: Response) => {
            // The stream is bound to the cookie its answer set (the backend's opener check). Another
            // tab opening its first stream at the same moment may have replaced that cookie: a new
            // connection takes the one held now. Once, so that another 403 (CSRF) does not loop.
            if (response.status === 403 && !rebound && transmit === client) {
              rebound = true
              restart()
              return
            }
            notifyReconnected()
          },
        })
        client.on('disconnected', () => {
          dropped = true
        })
        client.on('connected', () => {
          restartDelay = RESTART_MS.first
        })
        transmit = client
        for (const channel of handlers.keys()) openChannel(channel)
      })
      .catch(() => {
        loading = false
      })
  }

  const scheduleIdleClose = () => {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      if (handlers.size === 0) {
        clearTimeout(restartTimer)
        shutDown()
      }
    }, IDLE_CLOSE_MS)
  }

  return {
    subscribe(channel, onMessage) {
      clearTimeout(idleTimer)
      let set = handlers.get(channel)
      if (!set) handlers.set(channel, (set = new Set()))
      set.add(onMessage)
      if (transmit) openChannel(channel)
      else connect()
      return () => {
        const current = handlers.get(channel)
        if (!current?.delete(onMessage) || current.size > 0) return
        handlers.delete(channel)
        closeChannel(channel)
        if (handlers.size === 0) scheduleIdleClose()
      }
    },
    onReconnect(listener) {
      reconnectListeners.add(listener)
      return () => {
        reconnectListeners.delete(listener)
      }
    },
  }
}

/** Tests (and any other host) provide their own client; null means the page's shared one. */
export const LiveClientContext = createContext<LiveClient | null>(null)

let sharedClient: LiveClient | null = null

/** The page's one client, made on first use in the browser. */
function sharedLiveClient(): LiveClient {
  sharedClient ??= createTransmitClient(window.location.origin)
  return sharedClient
}

/**
 * Listens to `channel` (none when null) while the component is mounted, after hydration only.
 * `onReconnect` runs when the connection is back after a drop: time to load the data again.
 */
export function useLiveChannel<T = unknown>(
  channel: string | null,
  onMessage: (message: T) => void,
  onReconnect?: () => void
): void {
  const injected = useContext(LiveClientContext)
  const latest = useRef({ onMessage, onReconnect })
  useEffect(() => {
    latest.current = { onMessage, onReconnect }
  })
  useEffect(() => {
    if (!channel) return
    const client = injected ?? sharedLiveClient()
    const stopMessages = client.subscribe(channel, (message) => latest.current.onMessage(message as T))
    const stopReconnect = client.onReconnect(() => latest.current.onReconnect?.())
    return () => {
      stopMessages()
      stopReconnect()
    }
  }, [channel, injected])
}
