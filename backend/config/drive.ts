import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Two disks, never mixed up:
 * - `private`: identity documents and cheques are personal data (requirements: decisions.md#d6-identity-documents);
 *   never served by URL, the bookings module streams a file only to the people allowed.
 * - `public`: portfolio images meant for anyone (the shared property pages); the portfolio
 *   module streams them, for public properties only, with long cache headers.
 * Scaling out swaps these disks for S3-compatible storage.
 */
const driveConfig = defineConfig({
  default: 'private',
  services: {
    private: services.fs({
      location: app.makePath(env.get('DRIVE_PRIVATE_ROOT') ?? 'storage/private'),
      serveFiles: false,
      visibility: 'private',
    }),
    public: services.fs({
      location: app.makePath('storage/public'),
      serveFiles: false,
      visibility: 'public',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
