import { test } from '@japa/runner'
import { Worker } from 'node:worker_threads'
import env from '#start/env'
import { BODY_TOO_LARGE } from '#core/middleware/body_parser_middleware'

/**
 * A body over the JSON limit (100 kB) is answered 413 JSON, and the client reads that answer
 * every time, whatever way it sends: the server used to stop reading and answer while the
 * client was still sending, then reset the connection ("fetch failed", EPIPE) or leave the
 * client stalled until the keep-alive timeout.
 */
const ROUNDS = 30
const url = (path = '/api/auth/login') => `http://${env.get('HOST')}:${env.get('PORT')}${path}`
const body = (passwordLength: number) =>
  JSON.stringify({ email: 'big@example.my', password: 'x'.repeat(passwordLength) })
const OVERSIZED = 600_000
/** Ten times larger: the client is still sending long after the limit is passed. */
const HUGE = 6_000_000

type Answer = { status: number; body: unknown } | { failure: string }
const TOO_LARGE: Answer = { status: 413, body: { message: BODY_TOO_LARGE } }
const tooLarge = (count: number) => Array<Answer>(count).fill(TOO_LARGE)

async function withFetch(payload: string | ReadableStream<Uint8Array>): Promise<Answer> {
  try {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
      duplex: 'half',
      signal: AbortSignal.timeout(10_000),
    } as RequestInit)
    return { status: response.status, body: await response.json() }
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } }
    return { failure: `${(error as Error).message} ${cause?.code ?? cause?.message ?? ''}`.trim() }
  }
}

/** The body as a stream of 64 kB chunks: sent chunked, with no declared length. */
function streamed(payload: string): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(payload)
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536))
      controller.close()
    },
  })
}

async function rounds(send: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = []
  for (let round = 0; round < ROUNDS; round++) answers.push(await send())
  return answers
}

type RawRequest = { url: string; body: string; chunked?: boolean; close?: boolean }

/**
 * Raw `http.request`s, one after another on one agent, sent from a worker thread: a client
 * apart from the server's event loop, as a real one is, so that the server closing on a
 * client still writing shows (in one thread the two take turns and it hardly ever does).
 */
function sendFromAnotherThread(requests: RawRequest[], keepAlive: boolean): Promise<Answer[]> {
  const worker = new Worker(
    `
    const http = require('node:http')
    const { parentPort, workerData } = require('node:worker_threads')
    const agent = new http.Agent({ keepAlive: workerData.keepAlive, maxSockets: 1 })
    function send({ url, body, chunked, close }) {
      const bytes = Buffer.from(body)
      return new Promise((resolve) => {
        const headers = { 'content-type': 'application/json' }
        if (!chunked) headers['content-length'] = bytes.length
        if (close) headers.connection = 'close'
        const request = http.request(url, { method: 'POST', headers, agent, timeout: 10000 }, (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }))
          response.on('error', (error) => resolve({ failure: error.code || error.message }))
        })
        request.on('error', (error) => resolve({ failure: error.code || error.message }))
        request.on('timeout', () => request.destroy(new Error('timed out')))
        let at = 0
        const write = () => {
          while (at < bytes.length) {
            const chunk = bytes.subarray(at, at + 65536)
            at += chunk.length
            if (!request.write(chunk)) return void request.once('drain', write)
          }
          request.end()
        }
        write()
      })
    }
    ;(async () => {
      const answers = []
      for (const request of workerData.requests) answers.push(await send(request))
      agent.destroy()
      parentPort.postMessage(answers)
    })()
    `,
    { eval: true, workerData: { requests, keepAlive } }
  )
  return new Promise((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

const repeated = (request: RawRequest) => Array<RawRequest>(ROUNDS).fill(request)

test.group('Large bodies | the 413 always arrives', () => {
  test('fetch with a declared length, 30 times in a row', async ({ assert }) => {
    const payload = body(OVERSIZED)
    assert.deepEqual(await rounds(() => withFetch(payload)), tooLarge(ROUNDS))
  }).timeout(60_000)

  test('fetch streaming the body (chunked), 30 times in a row', async ({ assert }) => {
    const payload = body(OVERSIZED)
    assert.deepEqual(await rounds(() => withFetch(streamed(payload))), tooLarge(ROUNDS))
  }).timeout(60_000)

  test('http.request on a kept-alive connection, which stays usable afterwards', async ({ assert }) => {
    const oversized = { url: url(), body: body(OVERSIZED) }
    const answers = await sendFromAnotherThread(
      [
        ...repeated(oversized),
        ...repeated({ ...oversized, chunked: true }),
        { url: url(), body: JSON.stringify({ email: 'nobody@example.my', password: 'nope' }) },
      ],
      true
    )
    assert.deepEqual(answers, [
      ...tooLarge(2 * ROUNDS),
      // The same connection then carries an ordinary request.
      { status: 401, body: { message: 'Invalid credentials. Please try again.' } },
    ])
  }).timeout(60_000)

  test('http.request with Connection: close, 30 times in a row, 600 kB and 6 MB', async ({ assert }) => {
    const answers = await sendFromAnotherThread(
      [
        ...repeated({ url: url(), body: body(OVERSIZED), close: true }),
        ...repeated({ url: url(), body: body(OVERSIZED), close: true, chunked: true }),
        ...repeated({ url: url(), body: body(HUGE), close: true }),
        ...repeated({ url: url(), body: body(HUGE), close: true, chunked: true }),
      ],
      false
    )
    assert.deepEqual(answers, tooLarge(4 * ROUNDS))
  }).timeout(60_000)

  test('any route that parses a body: the contact form too', async ({ assert }) => {
    const answers = await sendFromAnotherThread(
      repeated({ url: url('/api/contact'), body: body(OVERSIZED), close: true }),
      false
    )
    assert.deepEqual(answers, tooLarge(ROUNDS))
  }).timeout(60_000)
})
