import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'

/**
 * `X-Instance: <INSTANCE_NAME>` on every answer when INSTANCE_NAME is set: which of several
 * instances behind a load balancer served a request (operators reading a response, the
 * cluster proof in scripts/cluster.test.ts). Set on the Node response itself, so the answers
 * written outside the framework's response (Transmit's event streams) carry it too.
 */
export default class InstanceNameMiddleware {
  #name = env.get('INSTANCE_NAME')

  handle({ response }: HttpContext, next: NextFn) {
    if (this.#name) response.response.setHeader('X-Instance', this.#name)
    return next()
  }
}
