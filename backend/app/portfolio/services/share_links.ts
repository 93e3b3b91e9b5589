import type AgentProperty from '#portfolio/models/agent_property'
import type { SharePlatform } from '#portfolio/models/agent_property_share'
import { locationOf, publicPageUrl } from '#portfolio/services/public_page'

export const PLATFORM_LABELS: Record<SharePlatform, string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
  email: 'Email',
  copy: 'Copy Link',
}

/** The text that travels with the link: name, price in whole RM, place, page. */
export function shareContent(property: AgentProperty): string {
  const price = property.price === null ? null : `RM ${Math.round(property.price).toLocaleString('en-US')}`
  const location = locationOf(property)
  const headline = [property.displayName, price, location].filter(Boolean).join(' | ')
  return `${headline}\nView details: ${publicPageUrl(property.id)}`
}

/** Each platform's own share link around the public page; `copy` is the page itself. */
export function shareUrlFor(platform: SharePlatform, property: AgentProperty, content: string): string {
  const page = encodeURIComponent(publicPageUrl(property.id))
  const text = encodeURIComponent(content)
  const title = encodeURIComponent(property.displayName)
  switch (platform) {
    case 'whatsapp':
      return `https://wa.me/?text=${text}`
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${page}`
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${title}&url=${page}`
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${page}`
    case 'telegram':
      return `https://t.me/share/url?url=${page}&text=${title}`
    case 'email':
      return `mailto:?subject=${title}&body=${text}`
    case 'copy':
      return publicPageUrl(property.id)
  }
}
