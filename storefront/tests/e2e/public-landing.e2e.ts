import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openSession, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

describe('the landing page', () => {
  let session: Session

  beforeEach(async () => {
    session = await openSession()
  })
  afterEach(async () => {
    await session.close()
  })

  it('shows every block of the landing page', async () => {
    const { page } = session
    await page.goto(`${baseURL}/`)
    await page.getByRole('heading', { level: 1, name: 'Industrial shop lots minutes from KLIA' }).waitFor()
    expect(await page.getByRole('link', { name: 'Explore Properties' }).getAttribute('href')).toBe(
      '/aero-industrial-hub'
    )
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register')
    await page.getByRole('heading', { name: 'Property for the businesses of the KLIA corridor' }).waitFor()
    expect(await page.locator('.why-card').count()).toBe(4)
    expect(await page.getByRole('group', { name: /of 6:/, includeHidden: true }).count()).toBe(6)
    expect(await page.locator('.tour-card').count()).toBe(3)
    const featured = page.locator('.featured-card')
    expect(await featured.getByRole('link', { name: 'Mahkota Kampar', exact: true }).getAttribute('href')).toBe(
      '/mahkota-kampar'
    )
    expect(await featured.getByRole('link', { name: 'Learn more about the hub' }).getAttribute('href')).toBe(
      '/aero-industrial-hub'
    )
    await page.getByRole('img', { name: /Regional map/ }).waitFor()
    expect(await page.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+\?text=/
    )
    // The footer: quick links, contact and the policy anchors.
    const footer = page.locator('footer')
    await footer.getByRole('link', { name: 'Aero Industrial Hub' }).waitFor()
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/policies#privacy')
    await footer.getByRole('link', { name: /@/ }).waitFor()
    // Title, description and Open Graph tags.
    expect(await page.title()).toBe('Industrial shop lots near KLIA and Nilai | Aero Property Booking')
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      /^http.*\/images\/og\/aero-industrial-hub\.png$/
    )
  })

  it('advances the landmark slider by itself, and stops it on request', async () => {
    const { page } = session
    await page.goto(`${baseURL}/`)
    const slider = page.getByRole('region', { name: 'Landmarks near the Aero Industrial Hub' })
    await slider.getByRole('button', { name: 'Pause slideshow' }).waitFor()
    const current = slider.locator('.slider__dot[aria-current="true"]')
    expect(await current.getAttribute('aria-label')).toBe('Show slide 1: KLIA and klia2')
    await page.waitForFunction(
      () =>
        document
          .querySelector('.slider__dot[aria-current="true"]')
          ?.getAttribute('aria-label')
          ?.startsWith('Show slide 2'),
      undefined,
      { timeout: 5000 }
    )
    await slider.getByRole('button', { name: 'Pause slideshow' }).click()
    const paused = await current.getAttribute('aria-label')
    await page.mouse.move(0, 0)
    await page.waitForTimeout(3500)
    expect(await current.getAttribute('aria-label')).toBe(paused)
    await slider.getByRole('button', { name: 'Next slide' }).click()
    expect(await current.getAttribute('aria-label')).not.toBe(paused)
  })

  it('checks the contact form, sends it, says thank you and closes after 3 seconds', async () => {
    const { page } = session
    await page.goto(`${baseURL}/`)
    const opener = page.getByRole('button', { name: 'Send Message' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Contact us' })
    await dialog.getByRole('link', { name: /WhatsApp/ }).waitFor()

    await dialog.getByRole('button', { name: 'Send Message' }).click()
    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
    ]) {
      await dialog.getByText(message).waitFor()
    }
    await dialog.getByLabel('Name').fill('Siti Aminah')
    await dialog.getByLabel('Email').fill('siti@')
    await dialog.getByLabel('Phone').fill('+60 12-345 6789')
    await dialog.getByLabel('Message').fill('Is a corner lot still available?')
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    await dialog.getByText('Please enter a valid email address').waitFor()
    await dialog.getByLabel('Email').fill('siti@example.my')
    await dialog.getByRole('button', { name: 'Send Message' }).click()

    await dialog.getByText('Thank you for your message! We will get back to you soon.').waitFor()
    expect(await dialog.getByLabel('Name').inputValue()).toBe('')
    await dialog.waitFor({ state: 'detached', timeout: 5000 })
    // Focus goes back to the button that opened the dialog.
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('loads a virtual tour and the map only when asked', async () => {
    const { page } = session
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    await page.goto(`${baseURL}/`)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForTimeout(300)
    expect(fetched).not.toContain('/images/tours/street-view.svg')
    expect(fetched).not.toContain('/images/maps/location.svg')

    await page.getByRole('link', { name: 'Play virtual tour: Street view: Jalan Aero Industri' }).click()
    const player = page.getByRole('dialog', { name: 'Virtual tour: Street view: Jalan Aero Industri' })
    await player.getByRole('img', { name: /animated illustration/ }).waitFor()
    expect(fetched).toContain('/images/tours/street-view.svg')
    await player.getByRole('button', { name: 'Pause' }).click()
    await player.getByRole('button', { name: 'Play' }).waitFor()
    await page.keyboard.press('Escape')
    await player.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Show the interactive map' }).click()
    await page.locator('img.map-embed__object').waitFor()
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/images/maps/location.svg'))
    )
  })

  it('works without JavaScript: the contact form posts as a page and answers', async () => {
    const plain = await openSession({ javaScript: false })
    try {
      const { page } = plain
      await page.goto(`${baseURL}/`)
      await page.getByRole('link', { name: 'Send Message' }).click()
      const dialog = page.getByRole('dialog', { name: 'Contact us' })
      await dialog.getByLabel('Name').fill('Plain Visitor')
      await dialog.getByLabel('Email').fill('plain@example.my')
      await dialog.getByLabel('Phone').fill('0123456789')
      await dialog.getByRole('button', { name: 'Send Message' }).click()
      await page.getByText('Message is required').waitFor()
      // What was typed is still there.
      expect(await page.getByLabel('Name').inputValue()).toBe('Plain Visitor')
      // The slides can still be scrolled through: all six are in the page.
      expect(await page.locator('.slider__slide').count()).toBe(6)
    } finally {
      await plain.close()
    }
  })
})

describe('the Mahkota Kampar launch page', () => {
  let session: Session

  beforeEach(async () => {
    session = await openSession()
  })
  afterEach(async () => {
    await session.close()
  })

  it('has its badges, a 5-image gallery, the tabs and the Contact Agent dialog', async () => {
    const { page } = session
    await page.goto(`${baseURL}/mahkota-kampar`)
    await page.getByRole('heading', { level: 1, name: 'Mahkota Kampar' }).waitFor()
    await page.getByText('Featured', { exact: true }).first().waitFor()
    await page.getByText('New launch', { exact: true }).first().waitFor()
    await page.getByText('2024', { exact: true }).first().waitFor()

    const thumbnails = page.getByRole('list', { name: 'Gallery images' }).getByRole('link')
    expect(await thumbnails.count()).toBe(5)
    await thumbnails.nth(3).click()
    await page.getByText('An open-plan ground floor (4 of 5)').waitFor()

    await page.getByRole('tab', { name: 'Location' }).click()
    await page.getByRole('tabpanel', { name: 'Location' }).getByRole('heading', { name: 'Map coming soon' }).waitFor()
    await page.getByRole('tab', { name: 'Location' }).press('ArrowRight')
    await page.getByRole('tabpanel', { name: 'Investment' }).waitFor()

    await page.getByRole('button', { name: 'Contact Agent' }).click()
    const dialog = page.getByRole('dialog', { name: 'Contact an agent about Mahkota Kampar' })
    expect(await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain('https://wa.me/')
    expect(await dialog.getByRole('link', { name: /^Email/ }).getAttribute('href')).toMatch(/^mailto:/)
    expect(await dialog.getByRole('link', { name: /^Call/ }).getAttribute('href')).toMatch(/^tel:\+?\d+$/)
  })

  it('works without JavaScript: tabs and thumbnails are links', async () => {
    const plain = await openSession({ javaScript: false })
    try {
      const { page } = plain
      await page.goto(`${baseURL}/mahkota-kampar`)
      await page.getByRole('tab', { name: 'Features' }).click()
      await page.waitForURL(/tab=features/)
      await page
        .getByRole('tabpanel', { name: 'Features' })
        .getByText('Three-phase power supply', { exact: false })
        .waitFor()
      await page.getByRole('list', { name: 'Gallery images' }).getByRole('link').nth(4).click()
      await page.getByText('The shop offices in the evening (5 of 5)').waitFor()
    } finally {
      await plain.close()
    }
  })
})

describe('pages that do not exist', () => {
  it('answers 404 with the error page', async () => {
    const session = await openSession()
    try {
      const response = await session.page.goto(`${baseURL}/no-such-page`)
      expect(response?.status()).toBe(404)
      await session.page.getByRole('heading', { name: 'Page not found' }).waitFor()
    } finally {
      await session.close()
    }
  })
})
