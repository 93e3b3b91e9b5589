import { HttpError } from 'react-admin'
import { serverMessage } from '../../messages'
import type { SharePlatform } from './types'

export const SHARE_PLATFORMS: { id: SharePlatform; label: string }[] = [
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'email', label: 'Email' },
  { id: 'copy', label: 'Copy Link' },
]

/** Share: one text per kind of failure (requirements: agent-admin.md#sharing). */
export function shareFailure(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 401) return 'Authentication failed. Please log in again.'
    if (error.status === 403) return 'You do not have permission to share this property.'
    if (error.status === 404) return 'Property not found. It may have been removed.'
    return `Failed to share property: ${serverMessage(error) ?? error.message ?? 'Server error'}`
  }
  // No HTTP answer at all: fetch failed before the server replied.
  if (error instanceof TypeError) return 'Network error. Please check your connection and try again.'
  return `Failed to share property: ${error instanceof Error ? error.message : 'Unknown error'}`
}

/** The storefront's public page of a catalogue entry (requirements: public-site.md#shared-property-view). */
export function publicPagePath(propertyId: number | string): string {
  return `/agent-properties/${propertyId}`
}
