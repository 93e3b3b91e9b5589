import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** As the backend's (#core/request_id): nginx's `$request_id`, a UUID, another tracer's token. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

export type TrustsProxy = (address: string, hop: number) => boolean

/** A trusted proxy's (nginx) id if it looks like one, else a new one; written back so the API calls pass it on. */
export function assignRequestId(req: IncomingMessage, trusts: TrustsProxy): string {
  const given = req.headers['x-request-id']
  const address = req.socket.remoteAddress
  const id =
    typeof given === 'string' && REQUEST_ID_PATTERN.test(given) && address !== undefined && trusts(address, 0)
      ? given
      : randomUUID()
  req.headers['x-request-id'] = id
  return id
}

/** One JSON line, in the backend's (pino's) shape, so both are searched alike by `request_id`. */
export function logLine(level: 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), name: 'aero-gateway', ...fields, msg: message })
  if (level === 'error') console.error(line)
  else console.warn(line)
}

const LEVELS = { warn: 40, error: 50 } as const
