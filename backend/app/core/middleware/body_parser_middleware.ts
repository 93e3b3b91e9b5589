import type { IncomingMessage } from 'node:http'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BodyParser from '@adonisjs/core/bodyparser_middleware'
import { AppError } from '#core/errors'

export const BODY_TOO_LARGE = 'The request is too large.'

/** How much of a refused body is still read (and thrown away) so that its answer arrives. */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024
export const DISCARD_TIMEOUT_MS = 15_000

/**
 * The framework's body parser, except for a body over its limit: it answered 413 while the client was still
 * sending and the connection closed with unread data (a TCP reset can lose the answer: "fetch failed",
 * EPIPE). Here the rest is read and dropped first, within DISCARD_LIMIT_BYTES and DISCARD_TIMEOUT_MS, then
 * the 413 is sent; past those bounds with `Connection: close`.
 */
@inject()
export default class BodyParserMiddleware {
  constructor(protected parser: BodyParser) {}

  async handle(ctx: HttpContext, next: NextFn) {
    let parsed = false
    try {
      return await this.parser.handle(ctx, () => {
        parsed = true
        return next()
      })
    } catch (error) {
      if (parsed || (error as { status?: unknown }).status !== 413) throw error
      const drained = await discardRest(ctx.request.request)
      if (!drained) ctx.response.header('Connection', 'close')
      throw new AppError(BODY_TOO_LARGE, 413)
    }
  }
}

/** Reads what is left of a request body without keeping it; true once it was all read. */
function discardRest(request: IncomingMessage): Promise<boolean> {
  if (request.complete) return Promise.resolve(true)
  if (request.destroyed) return Promise.resolve(false)
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > DISCARD_LIMIT_BYTES) return Promise.resolve(false)

  return new Promise((resolve) => {
    let discarded = 0
    const finish = (drained: boolean) => {
      clearTimeout(timer)
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('close', onClose)
      resolve(drained)
    }
    const onData = (chunk: Buffer) => {
      discarded += chunk.length
      if (discarded > DISCARD_LIMIT_BYTES) finish(false)
    }
    const onEnd = () => finish(true)
    const onClose = () => finish(request.complete)
    const timer = setTimeout(() => finish(false), DISCARD_TIMEOUT_MS)
    request.on('data', onData)
    request.once('end', onEnd)
    request.once('close', onClose)
    request.resume()
  })
}
