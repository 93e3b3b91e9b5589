/**
 * What the agent admin's backoffice journeys share: fresh members of an agency made through
 * the API as their owners would, available lots from the highest numbers down, and real
 * PNG files for the uploads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { ApiClient } from './account-support.ts'
import { AGENT_ADMIN, Api, hubLots, unique, type PublicLot } from './backoffice-admin-support.ts'
import { claimFirst } from './lot-claims.ts'
import { bookableByAnyone } from './public-support.ts'

export const NILAI = 'Nilai Prime Realty'
/** The password Api.register gives fresh accounts. */
export const FRESH_PASSWORD = 'Secret#123'

export async function agencyIdByName(baseURL: string, name: string): Promise<number> {
  const agencies = (await (await fetch(`${baseURL}/api/agencies/public`)).json()) as Array<{ id: number; name: string }>
  const agency = agencies.find((candidate) => candidate.name === name)
  if (!agency) throw new Error(`No agency named ${name}`)
  return agency.id
}

export interface FreshUser {
  id: number
  name: string
  email: string
  /** The user's own bearer client (multipart-capable). */
  api: ApiClient
}

/** A fresh account of role user (POST /api/auth/register). */
export async function freshUser(baseURL: string, label: string): Promise<FreshUser> {
  const suffix = unique()
  const registered = await Api.register(
    baseURL,
    `${label} ${suffix}`,
    `${label.toLowerCase().replace(/\W+/g, '.')}.${suffix}@example.my`
  )
  const api = await ApiClient.signIn(baseURL, registered.email, FRESH_PASSWORD)
  return { ...registered, api }
}

/** A fresh user who asked to join `agencyName` (POST /api/users/request-agency with their token). */
export async function applicant(
  baseURL: string,
  label: string,
  agencyName = NILAI,
  message = 'I would like to join your agency.'
) {
  const user = await freshUser(baseURL, label)
  const agencyId = await agencyIdByName(baseURL, agencyName)
  await user.api.call('POST', '/api/users/request-agency', { agencyId, requestMessage: message })
  return user
}

/** A fresh approved member of Nilai Prime Realty (its agent admin approves through the API). */
export async function approvedMember(baseURL: string, label: string): Promise<FreshUser> {
  const user = await applicant(baseURL, label)
  const agent = await Api.signIn(baseURL, AGENT_ADMIN)
  await agent.call('PUT', `/api/users/${user.id}/agency-request/approve`, {})
  return user
}

/** The hub's available lots, highest number first (other journeys book from the top too, so read it fresh). */
export async function availableLots(baseURL: string): Promise<PublicLot[]> {
  return (await hubLots(baseURL))
    .filter((lot) => bookableByAnyone(lot) && lot.unitNumber?.startsWith('MKS-'))
    .sort((a, b) => Number(b.lotNumber) - Number(a.lotNumber))
}

export async function highestAvailableLot(baseURL: string): Promise<PublicLot> {
  const lot = claimFirst(await availableLots(baseURL))
  if (!lot) throw new Error('No available lot left to book')
  return lot
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real, decodable PNG of one colour (the backend decodes catalogue images and checks documents). */
export function pngBytes(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, index) => [r, g, b][index % 3]!)])
  const rows = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** PNG files on disk, for the browser's file inputs. */
export function pngFiles(names: string[]): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'aero-agent-e2e-'))
  const colours: [number, number, number][] = [
    [40, 110, 160],
    [200, 120, 40],
    [60, 150, 90],
    [150, 60, 130],
  ]
  return Object.fromEntries(
    names.map((name, index) => {
      const path = join(dir, name)
      writeFileSync(path, pngBytes(320, 200, colours[index % colours.length]!))
      return [name, path]
    })
  )
}

/** A booking a member asks for (POST /api/bookings/request), with both IC sides when `withIc`. */
export async function memberRequestsLot(member: FreshUser, lot: PublicLot, message: string, withIc = false) {
  const form = new FormData()
  form.set('lotId', String(lot.id))
  form.set('name', member.name)
  form.set('email', member.email)
  form.set('phone', '+60 12 345 6789')
  form.set('requestMessage', message)
  // The privacy notice's box, ticked (backend/app/bookings/consent.ts).
  form.set('consent', 'true')
  if (withIc) {
    form.set(
      'icFront',
      new Blob([new Uint8Array(pngBytes(64, 40, [20, 20, 200]))], { type: 'image/png' }),
      'ic-front.png'
    )
    form.set(
      'icBack',
      new Blob([new Uint8Array(pngBytes(64, 40, [200, 20, 20]))], { type: 'image/png' }),
      'ic-back.png'
    )
  }
  return member.api.call<{ id: number; status: string }>('POST', '/api/bookings/request', form)
}

/** Picks `option` in the MUI select labelled `label`. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}
