import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { Development, Lot } from '#inventory'
import type { Agency } from '#agencies'
import { createAgency, createUser } from '#tests/helpers/identity'

let sequence = 0

export async function createDevelopment(attributes: Partial<Development> = {}) {
  sequence += 1
  return Development.create({
    slug: `dev-${sequence}-${Date.now()}`,
    name: `Development ${sequence}`,
    propertyType: 'Shop Lot',
    location: 'Nilai, Negeri Sembilan',
    phase: 4,
    isActive: true,
    ...attributes,
  })
}

export async function createLot(development: Development, attributes: Partial<Lot> = {}) {
  sequence += 1
  return Lot.create({
    developmentId: development.id,
    kind: 'lot',
    lotNumber: String(1000 + sequence),
    unitNumber: `MKS-T${sequence}`,
    title: `PT 54${900 + sequence}`,
    category: 'shoplot',
    type: 'INTERMEDIATE (B)',
    typeCode: 'B',
    propertyType: 'Intermediate',
    landSizeSqm: 186,
    builtUpSqm: 242,
    price: 468_000,
    phase: 4,
    status: 'available',
    location: 'Nilai, Negeri Sembilan',
    ...attributes,
  })
}

/** The cast of every booking test: two agencies, their people, a super admin and an admin. */
export async function bookingWorld() {
  const agencyA = await createAgency({ name: `Agency A ${Date.now()}-${++sequence}` })
  const agencyB = await createAgency({ name: `Agency B ${Date.now()}-${++sequence}` })
  const memberOf = (agency: Agency) => createUser({ agencyId: agency.id, agencyStatus: 'approved' })
  return {
    agencyA,
    agencyB,
    plainUser: await createUser(),
    pendingUser: await createUser({ agencyId: agencyA.id, agencyStatus: 'pending' }),
    memberA: await memberOf(agencyA),
    otherMemberA: await memberOf(agencyA),
    memberB: await memberOf(agencyB),
    agentA: await createUser({ role: 'agent_admin', agencyId: agencyA.id, agencyStatus: 'approved' }),
    agentB: await createUser({ role: 'agent_admin', agencyId: agencyB.id, agencyStatus: 'approved' }),
    superAdmin: await createUser({ role: 'super_admin' }),
    admin: await createUser({ role: 'admin' }),
  }
}

/** Small real files: what the server must recognise by content. */
export const files = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  /** An ELF executable renamed to .png. */
  disguised: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(64, 0)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  oversize: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(10 * 1024 * 1024 + 10, 1),
  ]),
}

/** How many files the private document disk holds. */
export async function storedFileCount(): Promise<number> {
  const root = app.makePath(env.get('DRIVE_PRIVATE_ROOT') ?? 'storage/private')
  try {
    const entries = await readdir(join(root, 'bookings'))
    return entries.length
  } catch {
    return 0
  }
}
