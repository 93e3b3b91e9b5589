import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import { Booking, type BookingStatus } from '#bookings'
import type { Lot, Development } from '#inventory'
import type { User } from '#identity'
import { AgentProperty } from '#portfolio'
import AgentPropertyImage from '#portfolio/models/agent_property_image'
import { sqlDateTime } from '#core/dates'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { tokenFor } from '#tests/helpers/agencies'

/** Real pictures, decoded by the server like any upload (made once per run). */
let pictures: Promise<Record<'jpeg' | 'png' | 'webp', Buffer>> | undefined

export function realImages() {
  pictures ??= (async () => {
    const canvas = () =>
      sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    return {
      jpeg: await canvas().jpeg().toBuffer(),
      png: await canvas().resize(600).png().toBuffer(),
      webp: await canvas().webp().toBuffer(),
    }
  })()
  return pictures
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid 8 KB PNG that decodes to 8000 x 8000 pixels (64 MP): a decompression bomb. */
function pixelBomb() {
  const side = 8000
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // 1-bit greyscale
  const rows = Buffer.alloc(side * (1 + side / 8))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** Files the server must refuse by what they are, whatever their names say. */
export const badImages = {
  bomb: pixelBomb(),
  /** An ELF executable named .jpg. */
  disguised: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(256, 0)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
  /** A JPEG signature followed by garbage: it claims to be an image but does not decode. */
  corrupt: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 7)]),
  /** A JPEG signature and just over 8 MB. */
  oversize: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * 1024 * 1024 + 16, 1)]),
}

/** Each test writes images to a throwaway public disk, emptied afterwards. */
export function usesFakePublicDisk(group: Group) {
  group.each.setup(() => {
    drive.fake('public')
    return () => drive.restore('public')
  })
}

/** How many files the public disk (faked by the tests) holds. */
export async function publicFileCount(): Promise<number> {
  let total = 0
  for await (const item of (await drive.use('public').listAll('/', { recursive: true })).objects) {
    if (item.isFile) total += 1
  }
  return total
}

/**
 * Makes `lot` the agent's: a booking they created (or, with `approvedBy`, a member's request
 * the agent approved) in `status`, with its history, the lot held as the workflow leaves it.
 */
export async function ownLot(
  agent: User,
  lot: Lot,
  status: BookingStatus = 'approved',
  options: { member?: User; ownedAt?: DateTime } = {}
) {
  const at = sqlDateTime(options.ownedAt ?? DateTime.utc())
  const booking = await Booking.create({
    lotId: lot.id,
    activeLotId: ['approved', 'booked', 'confirmed', 'sold', 'completed'].includes(status) ? lot.id : null,
    userId: options.member?.id ?? agent.id,
    createdById: options.member?.id ?? agent.id,
    createdBy: options.member ? 'user' : 'agent',
    agencyId: agent.agencyId,
    agentAdminId: agent.id,
    status,
    creatorName: agent.name,
    creatorEmail: agent.email,
  })
  await db.table('booking_status_history').insert([
    { booking_id: booking.id, from_status: null, to_status: 'pending_admin', created_at: at },
    { booking_id: booking.id, from_status: 'pending_admin', to_status: status, created_at: at },
  ])
  const lotStatus = {
    sold: 'sold',
    completed: 'sold',
    approved: 'booked',
    booked: 'booked',
    confirmed: 'booked',
    pending_admin: 'reserved',
    pending_agent: 'reserved',
  } as const
  await lot.merge({ status: lotStatus[status as keyof typeof lotStatus] ?? 'available' }).save()
  return booking
}

/** A catalogue entry written straight to the table (the create endpoint has its own tests). */
export async function createEntry(agent: User, lot: Lot | null, attributes: Partial<AgentProperty> = {}) {
  return AgentProperty.create({
    agentAdminId: agent.id,
    agencyId: agent.agencyId,
    lotId: lot?.id ?? null,
    bookingId: null,
    displayName: lot?.name ?? 'Listed property',
    status: 'active',
    source: 'own',
    isPublic: true,
    propertyType: 'Shop Lot',
    lotNumber: lot?.unitNumber ?? null,
    lotSize: 186,
    builtUpArea: 242,
    price: 500_000,
    features: [],
    amenities: [],
    city: 'Nilai',
    state: 'Negeri Sembilan',
    dateOwned: DateTime.utc(),
    shareCount: 0,
    ...attributes,
  })
}

/** An image row and its two files on the (faked) public disk. */
export async function attachImage(property: AgentProperty, kind: 'hero' | 'gallery' = 'hero', position = 0) {
  const key = `portfolio/test-${property.id}-${kind}-${position}-${Date.now()}`
  const { webp } = await realImages()
  await drive.use('public').put(`${key}/card.webp`, webp)
  await drive.use('public').put(`${key}/large.webp`, webp)
  return AgentPropertyImage.create({
    agentPropertyId: property.id,
    kind,
    storageKey: key,
    mimeType: 'image/webp',
    width: 1200,
    height: 750,
    position,
  })
}

/** The cast plus a development and lots the agents' bookings made theirs. */
export async function portfolioWorld() {
  const world = await bookingWorld()
  const development: Development = await createDevelopment({
    name: 'Aero Industrial Hub',
    address: 'Jalan Aero Industri, 71800 Nilai, Negeri Sembilan',
  })
  const lot = (attributes: Partial<Lot> = {}) => createLot(development, attributes)
  /** A listed lot whose booking gives it `status`: approved (active), sold, or rejected (pending). */
  const entry = async (
    agent: User,
    status: 'active' | 'sold' | 'pending',
    attributes: Partial<AgentProperty> = {},
    lotAttributes: Partial<Lot> = {}
  ) => {
    const listed = await lot(lotAttributes)
    const booking = await ownLot(
      agent,
      listed,
      ({ active: 'approved', sold: 'sold', pending: 'rejected' } as const)[status]
    )
    return createEntry(agent, listed, { bookingId: booking.id, status, ...attributes })
  }
  return { ...world, development, lot, entry }
}

export type PortfolioWorld = Awaited<ReturnType<typeof portfolioWorld>>
export type Actor =
  'anonymous' | 'plainUser' | 'pendingUser' | 'memberA' | 'memberB' | 'agentA' | 'agentB' | 'superAdmin' | 'admin'

export function actorOf(world: PortfolioWorld, name: Actor): User | null {
  return name === 'anonymous' ? null : world[name]
}

type Picture = 'jpeg' | 'png' | 'webp' | keyof typeof badImages
const EXTENSIONS: Record<Picture, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  disguised: 'jpg',
  svg: 'svg',
  corrupt: 'jpg',
  oversize: 'jpg',
  bomb: 'png',
}

/** POST /api/agent-properties/create-manual as the Add to Catalogue dialog sends it. */
export async function addToCatalogue(
  client: ApiClient,
  user: User | null,
  fields: Record<string, string | number | boolean | string[] | undefined>,
  pictures: { hero?: Picture; gallery?: Picture[] } = { hero: 'jpeg' }
) {
  const request = client.post('/api/agent-properties/create-manual')
  if (user) request.bearerToken(await tokenFor(user))
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) request.field(name, String(item))
  }
  const good = await realImages()
  const bytes = (picture: Picture) =>
    picture in good ? good[picture as keyof typeof good] : badImages[picture as keyof typeof badImages]
  if (pictures.hero) request.file('heroImage', bytes(pictures.hero), { filename: `hero.${EXTENSIONS[pictures.hero]}` })
  for (const [index, picture] of (pictures.gallery ?? []).entries()) {
    request.file('galleryImages', bytes(picture), { filename: `gallery-${index}.${EXTENSIONS[picture]}` })
  }
  return request
}
