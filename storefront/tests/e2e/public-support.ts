/**
 * What the public-site and booking journeys share: browsers (with and without
 * JavaScript), signing in as a demo account, reading the hub's lots, and small real
 * documents to upload.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { claimFirst } from './lot-claims.ts'
import { openContext, type Session } from './browser.ts'

export type { Session }

export const DEMO_PASSWORD = 'Demo@2024'

export const DEMO = {
  superAdmin: 'admin@aero-demo.my',
  agent: 'agent@aero-demo.my',
  member: 'member@aero-demo.my',
  pending: 'pending@aero-demo.my',
  user: 'user@aero-demo.my',
} as const

/** The phone agents and buyers use: 390 x 844 CSS pixels, a mobile viewport, touch. */
export const PHONE = { width: 390, height: 844 } as const

/**
 * A fresh browser session (no cookies); `javaScript: false` checks the pages work as plain HTML, `phone: true`
 * opens it as a phone (PHONE, `isMobile`, `hasTouch`: taps work).
 */
export async function openSession(
  options: {
    javaScript?: boolean
    width?: number
    height?: number
    phone?: boolean
    userAgent?: string
    /** Scrollbars that take room, as on most laptops (headless Chromium hides them). */
    scrollbars?: boolean
  } = {}
): Promise<Session> {
  return openContext({
    javaScriptEnabled: options.javaScript ?? true,
    scrollbars: options.scrollbars,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.phone
      ? { viewport: PHONE, isMobile: true, hasTouch: true }
      : { viewport: { width: options.width ?? 1280, height: options.height ?? 900 } }),
  })
}

/** Signs in through /login and lands on `redirectTo`. */
export async function signIn(page: Page, baseURL: string, email: string, redirectTo: string): Promise<void> {
  await page.goto(`${baseURL}/login?redirectTo=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL(`${baseURL}${redirectTo}`)
  // Signed in: the header shows the profile menu (the page below rendered with it).
  await page.locator('.profile__toggle').waitFor()
}

export interface HubLot {
  id: number
  lotNumber: string
  unitNumber: string
  typeCode: 'A' | 'B' | 'C'
  status: string
  title: string | null
  price: number
  /** Set while a waitlist offer holds the lot for the next in line (only they may book it). */
  offeredUntil?: string | null
  /** False while the lot waits for its release (shown, on sale to nobody). */
  released?: boolean
  /** A Bumiputera quota lot not released by the state: only a verified Bumiputera buyer may book it. */
  bumiputeraReserved?: boolean
}

/**
 * Free for anyone to book now: available, released for sale, not a quota lot (the demo data has some),
 * and not held for the next person on its waitlist.
 */
export function bookableByAnyone(
  lot: Pick<HubLot, 'status' | 'offeredUntil' | 'released' | 'bumiputeraReserved'>
): boolean {
  return (
    lot.status === 'available' &&
    lot.released !== false &&
    lot.bumiputeraReserved !== true &&
    (!lot.offeredUntil || Date.parse(lot.offeredUntil) <= Date.now())
  )
}

export async function hubLots(baseURL: string): Promise<HubLot[]> {
  const response = await fetch(`${baseURL}/api/lots/public`, { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET /api/lots/public: ${response.status}`)
  return (await response.json()) as HubLot[]
}

/** The highest-numbered available demo lot no other journey holds, now held by this one. */
export async function highestAvailableLot(baseURL: string, skip: number[] = []): Promise<HubLot> {
  const available = (await hubLots(baseURL))
    .filter((lot) => bookableByAnyone(lot) && lot.unitNumber?.startsWith('MKS-') && !skip.includes(lot.id))
    .sort((a, b) => Number(b.lotNumber) - Number(a.lotNumber))
  const lot = claimFirst(available)
  if (!lot) throw new Error('No available lot left to book')
  return lot
}

export function freshEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.my`
}

/** Real (tiny) documents: the backend checks each file's first bytes. */
export const DOCUMENTS = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64'
  ),
  jpg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64'
  ),
}

/** Writes the three documents of a booking to a temporary folder; returns their paths. */
export function documentFiles(): { cheque: string; icFront: string; icBack: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'aero-documents-'))
  const cheque = join(dir, 'payment-cheque.pdf')
  const icFront = join(dir, 'ic-front.jpg')
  const icBack = join(dir, 'ic-back.png')
  writeFileSync(cheque, DOCUMENTS.pdf)
  writeFileSync(icFront, DOCUMENTS.jpg)
  writeFileSync(icBack, DOCUMENTS.png)
  return { cheque, icFront, icBack, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * `target` is shown and lies within the screen's width, measured where it is (without scrolling,
 * which could scroll it sideways into view): a thumb reaches it without scrolling sideways.
 */
export async function expectOnScreen(page: Page, target: Locator, name: string): Promise<void> {
  await target.waitFor()
  const box = await target.boundingBox()
  expect(box, `${name} is shown`).not.toBeNull()
  expect(Math.round(box!.x), `${name}: left edge`).toBeGreaterThanOrEqual(0)
  expect(Math.round(box!.x + box!.width), `${name}: right edge`).toBeLessThanOrEqual(PHONE.width)
  expect(await page.evaluate(() => window.scrollX), `${name}: the page scrolled sideways`).toBe(0)
}
