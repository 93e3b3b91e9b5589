// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'

const backoffice = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))
const html = () => readFileSync(backoffice('index.html'), 'utf8')

/** The `href` of index.html's `<link rel="…">`, without the leading slash (Vite adds the /backoffice/ base). */
function linked(rel: string): string | undefined {
  return new RegExp(`<link\\s+rel="${rel}"[^>]*\\shref="/([^"]+)"`).exec(html())?.[1]
}

function meta(name: string): string | undefined {
  return new RegExp(`<meta\\s+name="${name}"\\s+content="([^"]*)"`).exec(html())?.[1]
}

/** A PNG's width and height, read from its IHDR chunk (a PNG that does not start with it is refused). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

/** A file the manifest names under the /backoffice/ base, in public/ (which the build copies as is). */
const publicFile = (src: string) => backoffice(`public/${src.replace(/^\/backoffice\//, '')}`)

describe('the backoffice page shell (index.html)', () => {
  it("names a favicon that the build serves: the storefront's icon", () => {
    const icon = linked('icon')
    expect(icon).toBe('favicon.svg')
    // Files in public/ are copied to the build and served under the /backoffice/ base.
    const file = backoffice(`public/${icon!}`)
    expect(existsSync(file)).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(backoffice('../storefront/public/favicon.svg'), 'utf8'))
  })

  it("fits a phone's screen and takes the theme's navy as its browser colour", () => {
    expect(meta('viewport')).toMatch(/width=device-width/)
    expect(meta('theme-color')).toBe((theme.palette?.primary as { main: string }).main)
  })

  it('links a web app manifest and a 180 px home-screen icon for iPhones', () => {
    expect(linked('manifest')).toBe('manifest.webmanifest')
    expect(existsSync(backoffice('public/manifest.webmanifest'))).toBe(true)
    const touchIcon = linked('apple-touch-icon')
    expect(touchIcon).toBe('icons/apple-touch-icon.png')
    expect(pngSize(backoffice(`public/${touchIcon!}`))).toEqual({ width: 180, height: 180 })
  })
})

describe('the web app manifest (public/manifest.webmanifest)', () => {
  const manifest = () =>
    JSON.parse(readFileSync(backoffice('public/manifest.webmanifest'), 'utf8')) as Record<string, unknown> & {
      icons: ManifestIcon[]
    }

  it("installs as the backoffice, standalone, opening on the signed-in admin's dashboard (the home)", () => {
    expect(manifest()).toMatchObject({
      name: 'Aero Backoffice',
      short_name: 'Aero Backoffice',
      // The backoffice home is each role's dashboard (layout/Dashboard.tsx); signed out, it sends to /login.
      start_url: '/backoffice/',
      scope: '/backoffice/',
      display: 'standalone',
      theme_color: meta('theme-color'),
      background_color: theme.palette?.background?.default,
    })
  })

  it('has 192 and 512 px icons, maskable ones too, each a PNG of its stated size', () => {
    const icons = manifest().icons
    for (const purpose of ['any', 'maskable'])
      expect(
        icons
          .filter((icon) => (icon.purpose ?? 'any') === purpose)
          .map((icon) => icon.sizes)
          .sort()
      ).toEqual(['192x192', '512x512'])
    for (const icon of icons) {
      expect(icon.type).toBe('image/png')
      expect(icon.src).toMatch(/^\/backoffice\//)
      const [width, height] = icon.sizes.split('x').map(Number)
      expect(existsSync(publicFile(icon.src)), icon.src).toBe(true)
      expect(pngSize(publicFile(icon.src)), icon.src).toEqual({ width, height })
    }
  })
})
