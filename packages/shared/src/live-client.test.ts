import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTransmitClient } from './live-client'

// A stand-in for @adonisjs/transmit-client: records what the client asks of it.
const fake = vi.hoisted(() => {
  type Handler = (message: unknown) => void
  type Options = {
    baseUrl: string
    onReconnectFailed?: () => void
    onSubscription?: (channel: string) => void
    onSubscribeFailed?: (response: Response) => void
  }

  class FakeSubscription {
    readonly handlers = new Set<Handler>()
    readonly channel: string
    created = 0
    deleted = 0
    constructor(channel: string) {
      this.channel = channel
    }
    async create() {
      this.created++
    }
    async delete() {
      this.deleted++
    }
    onMessage(handler: Handler) {
      this.handlers.add(handler)
      return () => {
        this.handlers.delete(handler)
      }
    }
    push(message: unknown) {
      for (const handler of this.handlers) handler(message)
    }
  }

  class FakeTransmit {
    readonly subscriptions = new Map<string, FakeSubscription>()
    readonly listeners = new Map<string, Set<() => void>>()
    readonly options: Options
    closed = false
    constructor(options: Options) {
      this.options = options
      instances.push(this)
    }
    subscription(channel: string) {
      let subscription = this.subscriptions.get(channel)
      if (!subscription) this.subscriptions.set(channel, (subscription = new FakeSubscription(channel)))
      return subscription
    }
    on(event: string, callback: () => void) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set())
      this.listeners.get(event)!.add(callback)
    }
    off(event: string, callback: () => void) {
      this.listeners.get(event)?.delete(callback)
    }
    close() {
      this.closed = true
    }
    emit(event: string) {
      for (const callback of this.listeners.get(event) ?? []) callback()
    }
  }

  const instances: FakeTransmit[] = []
  return { FakeTransmit, instances }
})

vi.mock('@adonisjs/transmit-client', () => ({ Transmit: fake.FakeTransmit }))

const ORIGIN = 'http://localhost:3000'

beforeEach(() => {
  fake.instances.length = 0
  // The fake Transmit makes no EventSource, but the client only connects where browsers have one.
  vi.stubGlobal('EventSource', class {})
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function settle() {
  await vi.dynamicImportSettled()
  await vi.advanceTimersByTimeAsync(0)
}

describe('createTransmitClient', () => {
  it('connects on the first subscription only, on the page origin, one connection for every channel', async () => {
    const client = createTransmitClient(ORIGIN)
    await settle()
    expect(fake.instances).toHaveLength(0)

    const lots: unknown[] = []
    const others: unknown[] = []
    client.subscribe('lots', (message) => lots.push(message))
    client.subscribe('lots', (message) => others.push(message))
    client.subscribe('users/5/bookings', () => {})
    await settle()

    expect(fake.instances).toHaveLength(1)
    const [transmit] = fake.instances
    expect(transmit.options.baseUrl).toBe(ORIGIN)
    expect([...transmit.subscriptions.keys()]).toEqual(['lots', 'users/5/bookings'])
    expect(transmit.subscriptions.get('lots')!.created).toBe(1)

    transmit.subscriptions.get('lots')!.push({ type: 'lot', lotId: 1 })
    expect(lots).toEqual([{ type: 'lot', lotId: 1 }])
    expect(others).toEqual([{ type: 'lot', lotId: 1 }])
  })

  it('unsubscribes a channel nobody listens to, and closes the connection once idle', async () => {
    const client = createTransmitClient(ORIGIN)
    const stopFirst = client.subscribe('lots', () => {})
    const stopSecond = client.subscribe('lots', () => {})
    await settle()
    const [transmit] = fake.instances
    const subscription = transmit.subscriptions.get('lots')!

    stopFirst()
    expect(subscription.deleted).toBe(0)
    stopSecond()
    expect(subscription.deleted).toBe(1)
    expect(transmit.closed).toBe(false)

    await vi.advanceTimersByTimeAsync(5_000)
    expect(transmit.closed).toBe(true)
  })

  it('does not connect where there is no EventSource', async () => {
    vi.stubGlobal('EventSource', undefined)
    const client = createTransmitClient(ORIGIN)
    client.subscribe('lots', () => {})
    await settle()
    expect(fake.instances).toHaveLength(0)
  })

  it('keeps the connection when another page subscribes soon after (a client-side navigation)', async () => {
    const client = createTransmitClient(ORIGIN)
    client.subscribe('lots', () => {})()
    client.subscribe('lots', () => {})
    await settle()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fake.instances).toHaveLength(1)
    expect(fake.instances[0].closed).toBe(false)
  })

  it('tells the pages when the channels are subscribed again after a drop, not on the first subscription', async () => {
    const client = createTransmitClient(ORIGIN)
    const reconnected = vi.fn()
    client.onReconnect(reconnected)
    client.subscribe('lots', () => {})
    await settle()
    const [transmit] = fake.instances

    transmit.options.onSubscription?.('lots')
    await vi.advanceTimersByTimeAsync(0)
    expect(reconnected).not.toHaveBeenCalled()

    transmit.emit('disconnected')
    transmit.emit('reconnecting')
    transmit.emit('connected')
    transmit.options.onSubscription?.('lots')
    await vi.advanceTimersByTimeAsync(0)
    expect(reconnected).toHaveBeenCalledTimes(1)
  })

  it('starts a new connection after a pause when the old one gave up, and subscribes again', async () => {
    const client = createTransmitClient(ORIGIN)
    const reconnected = vi.fn()
    client.onReconnect(reconnected)
    const messages: unknown[] = []
    client.subscribe('lots', (message) => messages.push(message))
    await settle()
    const [first] = fake.instances

    first.options.onReconnectFailed?.()
    expect(first.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(fake.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await settle()

    expect(fake.instances).toHaveLength(2)
    const second = fake.instances[1]
    expect(second.subscriptions.get('lots')!.created).toBe(1)
    second.options.onSubscription?.('lots')
    await vi.advanceTimersByTimeAsync(0)
    expect(reconnected).toHaveBeenCalledTimes(1)

    second.subscriptions.get('lots')!.push('after')
    first.subscriptions.get('lots')!.push('stale')
    expect(messages).toEqual(['after'])
  })

  it("starts a new connection, once, when a subscription is refused as another opener's (403)", async () => {
    const client = createTransmitClient(ORIGIN)
    client.subscribe('lots', () => {})
    await settle()
    const [first] = fake.instances

    // A channel this person may not hear (400) is not a reason to reconnect.
    first.options.onSubscribeFailed?.(new Response(null, { status: 400 }))
    expect(first.closed).toBe(false)

    first.options.onSubscribeFailed?.(new Response(null, { status: 403 }))
    expect(first.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(2_000)
    await settle()
    expect(fake.instances).toHaveLength(2)
    const second = fake.instances[1]
    expect(second.subscriptions.get('lots')!.created).toBe(1)

    // Refused again: not another loop.
    second.options.onSubscribeFailed?.(new Response(null, { status: 403 }))
    await vi.advanceTimersByTimeAsync(60_000)
    await settle()
    expect(fake.instances).toHaveLength(2)
    expect(second.closed).toBe(false)
  })
})
