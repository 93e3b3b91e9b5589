import type { ApiClient } from '@japa/api-client'
import { files } from '#tests/helpers/bookings'

type Attachment = keyof typeof files
export type Attachments = Partial<Record<'cheque' | 'icFront' | 'icBack', Attachment>>

const EXTENSIONS: Record<Attachment, string> = {
  png: 'png',
  jpeg: 'jpg',
  pdf: 'pdf',
  disguised: 'png',
  svg: 'svg',
  oversize: 'png',
}

/** POST /api/bookings/request as a browser form would send it. */
export function requestBooking(
  client: ApiClient,
  token: string,
  lotId: number,
  attachments: Attachments = {},
  fields: Record<string, string> = {}
) {
  const request = client.post('/api/bookings/request').bearerToken(token)
  const values = {
    lotId: String(lotId),
    name: 'Daniel Tan',
    email: 'daniel@example.my',
    phone: '0123456789',
    requestMessage: 'Corner please',
    // The privacy notice's box, ticked (#documents/consent).
    consent: 'true',
    ...fields,
  }
  for (const [name, value] of Object.entries(values)) request.field(name, value)
  for (const [name, kind] of Object.entries(attachments)) {
    request.file(name, files[kind!], { filename: `${name}.${EXTENSIONS[kind!]}` })
  }
  return request
}
