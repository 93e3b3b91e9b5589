import type { Identifier } from 'react-admin'
import type { DataProviderApi } from '../../plugins/types'
import type { ActionResult } from '../../providers/restProvider'
import type { CatalogueEntryInput, OwnedProperty, Portfolio, PortfolioQuery, SharePlatform, ShareResult } from './types'

/** The agent's portfolio: the catalogue, the lots their bookings made theirs, sharing. */
export const portfolioDataProvider = ({ json }: DataProviderApi) => ({
  getPortfolio: (query: PortfolioQuery = {}) => {
    const params = new URLSearchParams()
    if (query.search?.trim()) params.set('search', query.search.trim())
    if (query.status && query.status !== 'all') params.set('status', query.status)
    if (query.sort) params.set('sort', query.sort)
    const search = params.toString()
    return json<Portfolio>(`/agent-properties${search ? `?${search}` : ''}`)
  },

  /** The lots the agent's bookings made theirs that are not yet in the catalogue. */
  getOwnedProperties: () => json<OwnedProperty[]>('/agent-properties/owned-properties'),

  /** POST /api/agent-properties/create-manual, multipart with the hero and gallery images. */
  addToCatalogue: (input: CatalogueEntryInput) =>
    json<ActionResult>('/agent-properties/create-manual', { method: 'POST', body: catalogueForm(input) }),

  shareProperty: ({ id, platform }: { id: Identifier; platform: SharePlatform }) =>
    json<ShareResult>(`/agent-properties/${encodeURIComponent(id)}/share`, {
      method: 'POST',
      body: JSON.stringify({ platform }),
    }),
})

/** The multipart body of POST /api/agent-properties/create-manual; blank optional fields are left out. */
export function catalogueForm({ propertyId, heroImage, galleryImages, details = {} }: CatalogueEntryInput): FormData {
  const form = new FormData()
  form.append('propertyId', String(propertyId))
  for (const [field, value] of Object.entries(details)) {
    if (value?.trim()) form.append(field, value.trim())
  }
  form.append('heroImage', heroImage)
  for (const image of galleryImages) form.append('galleryImages', image)
  return form
}

declare module '../../plugins/types' {
  interface PluginDataProviders {
    portfolio: ReturnType<typeof portfolioDataProvider>
  }
}
