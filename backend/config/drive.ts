import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Identity documents and cheques are personal data (spec README decision 6): the disk is
 * private and never served by URL; the bookings module streams a file only to the people
 * allowed to see it. Scaling out swaps this disk for S3-compatible storage.
 */
const driveConfig = defineConfig({
  default: 'private',
  services: {
    private: services.fs({
      location: app.makePath(env.get('DRIVE_PRIVATE_ROOT') ?? 'storage/private'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
