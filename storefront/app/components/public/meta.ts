/** Titles, descriptions and Open Graph tags of the public pages. */
import type { MetaDescriptor } from '@remix-run/node'

const SITE = 'Aero Property Booking'

interface PageMeta {
  title: string
  description: string
  /** The page's path, for og:url. */
  path: string
  /** The site's origin as the request saw it: Open Graph wants absolute addresses. */
  origin?: string
  image?: string
  type?: 'website' | 'article'
}

export function pageMeta({
  title,
  description,
  path,
  origin = '',
  image = '/images/og/aero-industrial-hub.png',
  type = 'website',
}: PageMeta): MetaDescriptor[] {
  const fullTitle = `${title} | ${SITE}`
  const absolute = (address: string) => (/^https?:/.test(address) ? address : `${origin}${address}`)
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: absolute(path) },
    { property: 'og:image', content: absolute(image) },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

/** The hub's title and description, with the development's figures when the page has them. */
export function hubMeta(
  path: string,
  origin?: string,
  development?: { phase: number | null; totalUnits?: number } | null
): MetaDescriptor[] {
  const phase = development?.phase != null ? `Phase ${development.phase} ` : ''
  const count = development?.totalUnits !== undefined ? `${development.totalUnits} ` : ''
  return pageMeta({
    origin,
    title: `Aero Industrial Hub: ${phase}shop lots`,
    description: `Live availability of the ${count}${phase}shop lots of the Aero Industrial Hub near Nilai: type, land area, price in RM and status, with an interactive site plan.`,
    path,
  })
}

/** The origin (scheme and host) the browser used, for absolute links in meta tags. */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin
}
