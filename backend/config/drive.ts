import env from '#start/env'
import { backendPath } from '#core/paths'
import { defineConfig, services } from '@adonisjs/drive'
import type { DriverFactory, ServiceConfigProvider } from '@adonisjs/drive/types'
import type { S3ClientConfig } from '@aws-sdk/client-s3'

/** Where the S3 disks live (`DRIVE_DISK=s3`): one endpoint and key pair, two buckets. */
export type S3Settings = {
  endpoint?: string
  region: string
  /** Identity documents and cheques: no anonymous access, ever. */
  bucket: string
  /** Catalogue images: may be readable by anyone (a bucket policy), e.g. behind a CDN. */
  publicBucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

function s3SettingsFromEnv(): S3Settings {
  const required = {
    S3_BUCKET: env.get('S3_BUCKET'),
    S3_PUBLIC_BUCKET: env.get('S3_PUBLIC_BUCKET'),
    S3_ACCESS_KEY_ID: env.get('S3_ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: env.get('S3_SECRET_ACCESS_KEY')?.release(),
  }
  const missing = Object.entries(required).filter(([, value]) => !value)
  if (missing.length) {
    throw new Error(`DRIVE_DISK=s3 needs ${missing.map(([name]) => name).join(', ')}`)
  }
  return {
    endpoint: env.get('S3_ENDPOINT'),
    region: env.get('S3_REGION') ?? 'us-east-1',
    bucket: required.S3_BUCKET!,
    publicBucket: required.S3_PUBLIC_BUCKET!,
    accessKeyId: required.S3_ACCESS_KEY_ID!,
    secretAccessKey: required.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.get('S3_FORCE_PATH_STYLE') ?? Boolean(env.get('S3_ENDPOINT')),
  }
}

/** The S3 client both disks and the readiness check use. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // S3-compatible servers (MinIO, Ceph, older gateways) refuse the SDK's default
    // streaming checksums; checksums are sent only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

type Disks = Record<'private' | 'public', ServiceConfigProvider<DriverFactory>>

/**
 * The two disks on S3-compatible storage. Access is the buckets' own policy, never a per-object
 * ACL (buckets made since 2023 refuse ACLs, MinIO ignores them): the private bucket allows
 * nothing anonymous; the public bucket may allow anonymous reads.
 */
export function s3Disks(settings: S3Settings): Disks {
  const client = s3ClientConfig(settings)
  return {
    private: services.s3({ ...client, bucket: settings.bucket, visibility: 'private', supportsACL: false }),
    public: services.s3({ ...client, bucket: settings.publicBucket, visibility: 'public', supportsACL: false }),
  }
}

/** The S3 settings in force, or null on the local disks. */
export const s3Settings: S3Settings | null = env.get('DRIVE_DISK') === 's3' ? s3SettingsFromEnv() : null

const localDisks: Disks = {
  private: services.fs({
    location: backendPath(env.get('DRIVE_PRIVATE_ROOT') ?? 'storage/private'),
    serveFiles: false,
    visibility: 'private',
  }),
  public: services.fs({
    location: backendPath(env.get('DRIVE_PUBLIC_ROOT') ?? 'storage/public'),
    serveFiles: false,
    visibility: 'public',
  }),
}

/**
 * Two disks, never mixed up:
 * - `private`: identity documents and cheques are personal data (requirements: decisions.md#d6-identity-documents);
 *   never served by URL, the bookings module streams a file only to the people allowed.
 * - `public`: portfolio images meant for anyone (the shared property pages); the portfolio
 *   module streams them, for public properties only, with long cache headers.
 * Local folders by default; `DRIVE_DISK=s3` puts both in S3-compatible buckets, shared by every
 * instance behind a load balancer. The modules read and write through Drive either way.
 */
/** Per process: test runs side by side would otherwise share, and empty, one folder of fake disks. */
export const driveFakesFolder = backendPath(`tmp/drive-fakes/${process.pid}`)

const driveConfig = defineConfig({
  default: 'private',
  services: s3Settings ? s3Disks(s3Settings) : localDisks,
  fakes: { location: driveFakesFolder },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
