import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import { RedisConnection } from '@adonisjs/redis'
import type { RedisConnectionConfig } from '@adonisjs/redis/types'
import type { defineConfig } from '@adonisjs/transmit'

type TransportFactory = NonNullable<Parameters<typeof defineConfig>[0]['transport']>['driver']
type Transport = ReturnType<TransportFactory>
type BusMessage = Parameters<Transport['publish']>[1]
type BusHandler<T extends BusMessage> = (message: T) => void | Promise<void>

/** A broadcast another process made (an instance, an Ace command), heard through Redis. */
export type LiveRelay = { channel: string; payload: unknown }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'live:relayed': LiveRelay
  }
}

const QUIT_WAIT_MS = 2_000

/**
 * Transmit's transport over Redis, unlike the stock one: a broadcast from another process is first announced
 * as `live:relayed` (its listeners run before this instance's watchers hear it, in order); Redis being away
 * is waited for and logged once per outage; a stopping process waits at most QUIT_WAIT_MS.
 */
export class RedisLiveTransport implements Transport {
  #connection: RedisConnection
  #id = ''
  #queue: Promise<void> = Promise.resolve()
  #outage = false

  constructor(config: RedisConnectionConfig) {
    // Broadcasts and the subscription wait for Redis however long it is away: no request waits on them.
    this.#connection = new RedisConnection('live', { ...config, maxRetriesPerRequest: null, commandTimeout: undefined })
    const away = ({ error }: { error: Error }) => {
      if (this.#outage) return
      this.#outage = true
      logger.warn({ err: error }, 'Redis is out of reach: live updates wait for it')
    }
    const back = () => {
      if (this.#outage) logger.info('Redis answers again: live updates resume')
      this.#outage = false
    }
    this.#connection.on('error', away)
    this.#connection.on('subscriber:error', away)
    this.#connection.on('ready', back)
  }

  setId(id: string) {
    this.#id = id
    return this
  }

  onReconnect(callback: () => void) {
    this.#connection.on('ready', () => callback())
  }

  async publish(channel: string, message: BusMessage) {
    await this.#connection.publish(channel, JSON.stringify({ busId: this.#id, payload: message }))
  }

  async subscribe<T extends BusMessage>(channel: string, handler: BusHandler<T>) {
    this.#connection.subscribe(channel, (text: string) => {
      const message = decode<T>(text)
      if (!message || message.busId === this.#id) return
      this.#queue = this.#queue.then(() => relay(message.payload, handler))
    })
  }

  async unsubscribe(channel: string) {
    await this.#connection.unsubscribe(channel)
  }

  async disconnect() {
    let timer: NodeJS.Timeout | undefined
    const cutShort = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_WAIT_MS)))
    // QUIT once what is queued has gone; with Redis away it never answers, and the close ends it.
    await Promise.race([this.#connection.quit().catch(() => {}), cutShort])
    clearTimeout(timer)
    await this.#connection.disconnect()
  }
}

function decode<T>(text: string): { busId: string; payload: T } | null {
  try {
    const message = JSON.parse(text) as { busId?: unknown; payload?: T }
    return typeof message.busId === 'string' ? { busId: message.busId, payload: message.payload as T } : null
  } catch {
    return null
  }
}

async function relay<T extends BusMessage>(message: T, handler: BusHandler<T>) {
  try {
    const { channel, payload } = (message ?? {}) as { channel?: unknown; payload?: unknown }
    if (typeof channel === 'string') await emitter.emit('live:relayed', { channel, payload })
  } catch (error) {
    logger.error({ err: error }, 'A live:relayed listener failed')
  }
  try {
    await handler(message)
  } catch (error) {
    logger.error({ err: error }, 'A relayed live message could not be passed on')
  }
}
