import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { DEMO, DOCUMENTS, bookableByAnyone, hubLots, openSession, signIn, type Session } from './public-support.ts'

const baseURL = inject('baseURL')
const TYPE_B = '/properties/aeroindustrial/type/B'

/** Two small PNG images for the IC sides (the backend checks each file's first bytes). */
function identityImages(): { front: string; back: string; cheque: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'aero-agent-ic-'))
  const front = join(dir, 'ic-front.png')
  const back = join(dir, 'ic-back.png')
  writeFileSync(front, DOCUMENTS.png)
  writeFileSync(back, DOCUMENTS.png)
  // The backend (RequestBooking) still requires an agent admin's cheque, though the form calls it optional.
  const cheque = join(dir, 'cheque.pdf')
  writeFileSync(cheque, DOCUMENTS.pdf)
  return { front, back, cheque, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

describe('the agent booking form of the lot-type page', () => {
  let session: Session
  let images: ReturnType<typeof identityImages>

  beforeEach(async () => {
    session = await openSession()
    images = identityImages()
  })
  afterEach(async () => {
    images.cleanup()
    await session.close()
  })

  it('an agent admin books the highest-numbered available type B lot with both IC images', async () => {
    const { page } = session
    const lot = (await hubLots(baseURL))
      .filter((candidate) => candidate.typeCode === 'B' && bookableByAnyone(candidate))
      .sort((a, b) => Number(b.lotNumber) - Number(a.lotNumber))[0]
    expect(lot).toBeDefined()

    await signIn(page, baseURL, DEMO.agent, TYPE_B)
    await page
      .locator('tbody tr')
      .filter({ hasText: lot.unitNumber })
      .getByRole('link', { name: /^Book Now/ })
      .click()
    const dialog = page.getByRole('dialog', { name: `Agent booking: ${lot.unitNumber}` })
    await dialog.getByLabel(/^Agent name/).waitFor()

    // An empty submit says what is missing, and nothing is sent.
    await dialog.getByLabel(/^Agent name/).fill('')
    await dialog.getByLabel(/^Phone/).fill('')
    await dialog.getByLabel(/^Email/).fill('')
    const hint = dialog.locator('.upload-hint')
    expect(await hint.getAttribute('class')).toContain('upload-hint--red')
    await dialog.getByRole('button', { name: 'Submit agent booking' }).click()
    for (const message of [
      'Agent name is required',
      'Phone number is required',
      'Email is required',
      'Please upload at least one identity card image (front and back)',
    ]) {
      await dialog.getByText(message).waitFor()
    }

    await dialog.getByLabel(/^Agent name/).fill('Farid Hassan')
    await dialog.getByLabel(/^Phone/).fill('+60 13-220 8765')
    await dialog.getByLabel(/^Email/).fill(DEMO.agent)
    await dialog.getByLabel(/^IC front/).setInputFiles(images.front)
    expect(await hint.getAttribute('class')).toContain('upload-hint--amber')
    await dialog.getByLabel(/^IC back/).setInputFiles(images.back)
    expect(await hint.getAttribute('class')).toContain('upload-hint--green')
    await dialog.getByRole('img', { name: 'Preview of ic-back.png' }).waitFor()
    await dialog.getByLabel(/^Payment cheque/).setInputFiles(images.cheque)
    await dialog.getByLabel(/^Description/).fill('Agent journey test.')
    await dialog.getByRole('checkbox', { name: /consent/ }).check()

    await dialog.getByRole('button', { name: 'Submit agent booking' }).click()
    await page.getByText('Booking successfully created and sent to admin for review').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    // The page reloads its data: the lot is no longer offered.
    await page
      .locator('tbody tr')
      .filter({ hasText: lot.unitNumber })
      .getByRole('link', { name: /^Book Now/ })
      .waitFor({ state: 'detached' })

    const after = (await (
      await fetch(`${baseURL}/api/lots/${lot.id}`, { headers: { Accept: 'application/json' } })
    ).json()) as { status: string }
    expect(after.status).not.toBe('available')
  })
})
