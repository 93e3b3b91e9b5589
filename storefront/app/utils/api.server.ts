/**
 * The storefront's one HTTP client. Loaders and actions call the backend directly
 * (not through the gateway), on behalf of the browser whose request they serve: its
 * cookies go along, and every cookie the backend sets comes back to be relayed.
 */
import { MESSAGES } from '~/utils/messages'
import type { CallFailure, FailureKind } from '~/utils/messages'

const DEFAULT_BACKEND_URL = 'http://127.0.0.1:3333'
/** API timeout 30000 ms (requirements: api.md#conventions). */
const TIMEOUT_MS = 30_000
/** Uploads stream from the browser through to the backend: a slow connection gets longer. */
const UPLOAD_TIMEOUT_MS = 120_000

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Incoming headers worth passing on: who is asking, from where. */
const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  // The page's id (server/request-id.ts): its API calls are logged under it too.
  'x-request-id',
]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface FieldError {
  field: string
  message: string
}

export interface ApiResponse<T> {
  status: number
  data: T
  /** Every Set-Cookie of the backend's answer, to relay to the browser. */
  setCookies: string[]
}

export class ApiError extends Error implements CallFailure {
  readonly kind: FailureKind
  /** The backend's status, or 0 when no answer came. */
  readonly status: number
  readonly serverMessage: string | null
  readonly fieldErrors: FieldError[]
  readonly setCookies: string[]
  /** The backend's machine-readable cause, when it gave one (e.g. `account_limit` on a 429). */
  readonly reason: string | null
  /**
   * The request's id in the logs, for a failure that is ours (5xx, no answer): the backend's
   * `reference`, else the id this call was sent with (the page's, server/request-id.ts).
   */
  readonly reference: string | null

  constructor(init: {
    kind: FailureKind
    status: number
    message: string
    serverMessage?: string | null
    fieldErrors?: FieldError[]
    setCookies?: string[]
    reason?: string | null
    reference?: string | null
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status
    this.serverMessage = init.serverMessage ?? null
    this.fieldErrors = init.fieldErrors ?? []
    this.setCookies = init.setCookies ?? []
    this.reason = init.reason ?? null
    this.reference = init.reference ?? null
  }

  /** A 401 whose message says the session or token expired. */
  get isSessionExpired(): boolean {
    return this.status === 401 && /expired/i.test(this.serverMessage ?? '')
  }
}

export function backendUrl(): string {
  return process.env.BACKEND_URL || DEFAULT_BACKEND_URL
}

export async function apiRequest<T>(
  request: Request,
  path: `/api/${string}`,
  options: { method?: HttpMethod; body?: unknown } = {}
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET'
  const headers = outgoingHeaders(request, method)
  let body: string | undefined
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.body)
  }
  return send<T>(path, { method, headers, body })
}

/**
 * Sends the browser's own request body on to the backend as it comes: a multipart upload
 * (a booking request with its documents) streams through without being buffered here,
 * with the browser's cookies and the XSRF header like every other call.
 */
export async function apiForwardBody<T>(
  request: Request,
  path: `/api/${string}`,
  options: { method?: Exclude<HttpMethod, 'GET'> } = {}
): Promise<ApiResponse<T>> {
  const method = options.method ?? (request.method.toUpperCase() as Exclude<HttpMethod, 'GET'>)
  const headers = outgoingHeaders(request, method)
  const contentType = request.headers.get('Content-Type')
  if (contentType) headers.set('Content-Type', contentType)
  // A stream body needs half-duplex mode (Fetch standard); Node's fetch requires it be said.
  const init = { method, headers, body: request.body, duplex: 'half' } as RequestInit
  return send<T>(path, init, UPLOAD_TIMEOUT_MS)
}

async function send<T>(path: `/api/${string}`, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<ApiResponse<T>> {
  let response: Response
  try {
    response = await fetch(new URL(path, backendUrl()), {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      status: 0,
      message: timedOut ? MESSAGES.timeout : 'Network error. Please check your connection and try again.',
      reference: sentRequestId(init),
    })
  }

  const setCookies = response.headers.getSetCookie()
  const payload = await readJson(response, setCookies, sentRequestId(init))

  if (!response.ok) {
    const serverMessage = readMessage(payload)
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: serverMessage ?? `Server error ${response.status}`,
      serverMessage,
      fieldErrors: readFieldErrors(payload),
      setCookies,
      reason: readReason(payload),
      reference: response.status >= 500 ? (readReference(payload) ?? sentRequestId(init)) : null,
    })
  }
  return { status: response.status, data: payload as T, setCookies }
}

/** Headers to send a browser's Set-Cookie list on with a loader's or action's answer. */
export function cookieHeaders(...cookieLists: string[][]): Headers {
  const headers = new Headers()
  for (const cookie of cookieLists.flat()) headers.append('Set-Cookie', cookie)
  return headers
}

/** Reads one cookie from a request's Cookie header. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('Cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() !== name) continue
    const value = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return null
}

function outgoingHeaders(request: Request, method: HttpMethod): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' })
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  // The backend marks cookies Secure on HTTPS requests: tell it what the browser used.
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', new URL(request.url).protocol.slice(0, -1))
  if (WRITE_METHODS.has(method)) {
    const xsrfToken = readCookie(request, 'XSRF-TOKEN')
    if (xsrfToken) headers.set('X-XSRF-TOKEN', xsrfToken)
  }
  return headers
}

async function readJson(response: Response, setCookies: string[], reference: string | null): Promise<unknown> {
  const text = await response.text().catch(() => '')
  const contentType = response.headers.get('Content-Type') ?? ''
  // An HTML answer is an error, whatever its status (requirements: api.md#transport-errors).
  if (contentType.includes('text/html') || /^\s*</.test(text)) {
    console.error('Received HTML response instead of JSON. The API endpoint might be misconfigured.', response.url)
    throw new ApiError({
      kind: 'invalid_response',
      status: response.status,
      message: MESSAGES.invalidResponse,
      setCookies,
      reference,
    })
  }
  if (!text.trim()) return null
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError({
      kind: 'invalid_response',
      status: response.status,
      message: MESSAGES.invalidResponse,
      setCookies,
      reference,
    })
  }
}

function readMessage(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    return payload.message.trim() || null
  }
  return null
}

const REQUEST_ID = /^[A-Za-z0-9_-]{8,128}$/

function readReference(payload: unknown): string | null {
  const reference = payload && typeof payload === 'object' ? (payload as { reference?: unknown }).reference : undefined
  return typeof reference === 'string' && REQUEST_ID.test(reference) ? reference : null
}

function sentRequestId(init: RequestInit): string | null {
  const id = new Headers(init.headers).get('x-request-id')
  return id && REQUEST_ID.test(id) ? id : null
}

function readReason(payload: unknown): string | null {
  const reason = payload && typeof payload === 'object' ? (payload as { reason?: unknown }).reason : undefined
  return typeof reason === 'string' && reason ? reason : null
}

function readFieldErrors(payload: unknown): FieldError[] {
  if (!payload || typeof payload !== 'object' || !('errors' in payload) || !Array.isArray(payload.errors)) return []
  return payload.errors.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return []
    const { field, message } = entry as Record<string, unknown>
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : []
  })
}
