import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { Disk, services } from '@adonisjs/drive'
import type { DriveDisks } from '@adonisjs/drive/types'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Group } from '@japa/runner/core'
import { s3ClientConfig, s3Disks, type S3Settings } from '#config/drive'

export type StorageKind = 'local' | 's3'
/** Every storage test runs once on each. */
export const STORAGE_KINDS: StorageKind[] = ['local', 's3']

type DiskName = keyof DriveDisks
type S3rverInstance = {
  configureBuckets(): Promise<unknown>
  callback(): RequestListener
}
/** s3rver ships no types; what these tests use of it. */
type S3rverConstructor = new (options: {
  silent: boolean
  directory: string
  configureBuckets: Array<{ name: string }>
}) => S3rverInstance

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor

/** s3rver's one account. */
const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}

function hmac(key: string | Buffer, value: string) {
  return createHmac('sha256', key).update(value).digest()
}

function rfc3986(value: string) {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * Whether a request carries a valid AWS Signature V4 of the one account, recomputed from the
 * request as received (the canonical request of the S3 API: path as sent, sorted query,
 * the signed headers, the payload hash header).
 */
function hasValidSignature(request: IncomingMessage) {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? ''
    )
  const amzDate = request.headers['x-amz-date']
  if (!match || typeof amzDate !== 'string') return false
  const [, accessKeyId, day, region, service, signedHeaders, signature] = match
  if (accessKeyId !== ACCESS_KEY_ID || !amzDate.startsWith(day)) return false

  const [path, rawQuery = ''] = (request.url ?? '/').split('?')
  const query = [...new URLSearchParams(rawQuery)]
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const headers = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`
    )
    .join('')
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD')
  const canonical = [request.method, path, query, headers, signedHeaders, payloadHash].join('\n')
  const scope = `${day}/${region}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  const key = ['aws4_request', service, region, day].reduceRight<Buffer | string>(
    (signingKey, part) => hmac(signingKey, part),
    `AWS4${SECRET_ACCESS_KEY}`
  )
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'))
  return expected.length === signature.length && timingSafeEqual(expected, Buffer.from(signature))
}

function denied(code: string, message: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`
}

/**
 * An S3-protocol server on a free port of this machine: s3rver (objects in a temporary folder,
 * both buckets created at start) behind the access rules the production buckets have, which
 * s3rver itself does not enforce (it serves anyone and never checks a V4 signature):
 * every request must carry a valid signature of the account, except anonymous GET/HEAD of an
 * object in the public bucket (its bucket policy). The private bucket allows nothing anonymous.
 */
export async function startS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 'aero-s3-'))
  const settings: S3Settings = {
    endpoint: '',
    region: 'us-east-1',
    bucket: 'aero-private',
    publicBucket: 'aero-public',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  }
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: settings.bucket }, { name: settings.publicBucket }],
  })
  await s3rver.configureBuckets()
  const serve = s3rver.callback()

  const refusal = (request: IncomingMessage) => {
    if (/[?&]X-Amz-(Algorithm|Signature)=/i.test(request.url ?? '')) {
      return denied('AccessDenied', 'Signed URLs are not accepted here')
    }
    if ('authorization' in request.headers) {
      return hasValidSignature(request) ? null : denied('SignatureDoesNotMatch', 'The request signature does not match')
    }
    const [bucket, ...key] = (request.url ?? '/').split('?')[0].split('/').slice(1)
    const publicRead =
      ['GET', 'HEAD'].includes(request.method ?? '') && bucket === settings.publicBucket && key.join('/') !== ''
    return publicRead ? null : denied('AccessDenied', 'Access Denied')
  }
  const server: Server = createServer((request, response) => {
    const refused = refusal(request)
    if (!refused) return serve(request, response)
    request.resume()
    response.writeHead(403, { 'Content-Type': 'application/xml' }).end(refused)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  settings.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    settings,
    /** The object's address as a browser would ask for it. */
    objectUrl(bucket: string, key: string) {
      return `${settings.endpoint}/${bucket}/${key}`
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(directory, { recursive: true, force: true })
    },
  }
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>

/** Both disks built as production builds them (config/drive.ts): on S3, or on fresh local folders. */
async function buildDisks(s3: S3TestServer | null) {
  const root = s3 ? null : await mkdtemp(join(tmpdir(), 'aero-disks-'))
  const providers = root
    ? {
        private: services.fs({ location: join(root, 'private'), serveFiles: false, visibility: 'private' }),
        public: services.fs({ location: join(root, 'public'), serveFiles: false, visibility: 'public' }),
      }
    : s3Disks(s3!.settings)
  const disks = {} as Record<DiskName, Disk>
  for (const name of ['private', 'public'] as const) {
    const driver = await providers[name].resolver(name, app, [])
    disks[name] = new Disk(driver())
  }
  return {
    disks,
    remove: async () => {
      if (root) await rm(root, { recursive: true, force: true })
    },
  }
}

/** The storage a group of tests runs on, available once the group has started. */
export class StorageUnderTest {
  s3: S3TestServer | null = null
  #disks: Record<DiskName, Disk> | null = null
  #remove: (() => Promise<void>) | null = null

  constructor(readonly kind: StorageKind) {}

  disk(name: DiskName) {
    if (!this.#disks) throw new Error('The storage starts with the group')
    return this.#disks[name]
  }

  /** Every stored key under `prefix` on the disk, sorted. */
  async keys(name: DiskName, prefix: string) {
    const keys: string[] = []
    for (const item of (await this.disk(name).listAll(prefix, { recursive: true })).objects) {
      if (item.isFile) keys.push(item.key)
    }
    return keys.sort()
  }

  /** The object's bytes, read with the instance's credentials (S3) or from the folder. */
  async bytes(name: DiskName, key: string) {
    return Buffer.from(await this.disk(name).getBytes(key))
  }

  /**
   * A GET of `bucket`/`key` straight from the S3 server (S3 only), signed with the instance's
   * keys or, with `secret`, another secret: its status and bytes.
   */
  async getObject(bucket: string, key: string, secret?: string) {
    if (!this.s3) throw new Error('Only on the S3 storage')
    const settings = { ...this.s3.settings, secretAccessKey: secret ?? this.s3.settings.secretAccessKey }
    const client = new S3Client({ ...s3ClientConfig(settings), maxAttempts: 1 })
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return { status: 200, bytes: Buffer.from(await object.Body!.transformToByteArray()) }
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
      return { status: status ?? 0, bytes: null }
    } finally {
      client.destroy()
    }
  }

  async start() {
    this.s3 = this.kind === 's3' ? await startS3Server() : null
    const built = await buildDisks(this.s3)
    this.#disks = built.disks
    this.#remove = built.remove
  }

  async stop() {
    await this.s3?.stop()
    await this.#remove?.()
    this.s3 = null
    this.#disks = null
    this.#remove = null
  }
}

/**
 * Runs the group on `kind` storage: both Drive disks the application uses are swapped, for the
 * group, for ones built by config/drive.ts on a fresh S3 server or fresh local folders, and
 * put back afterwards.
 */
export function useStorage(group: Group, kind: StorageKind) {
  const storage = new StorageUnderTest(kind)
  group.setup(async () => {
    await storage.start()
    const original = Object.getOwnPropertyDescriptor(drive, 'use')
    drive.use = ((name?: DiskName) => storage.disk(name ?? 'private')) as typeof drive.use
    return async () => {
      if (original) Object.defineProperty(drive, 'use', original)
      else delete (drive as { use?: unknown }).use
      await storage.stop()
    }
  })
  return storage
}
