import env from '#start/env'
import type AgentProperty from '#portfolio/models/agent_property'

/** The storefront's shared property page (requirements: public-site.md#shared-property-view). */
export function publicPageUrl(propertyId: number) {
  return `${env.get('APP_URL').replace(/\/+$/, '')}/agent-properties/${propertyId}`
}

/** Where the property is, in a visitor's words: city and state, else the address. */
export function locationOf(property: AgentProperty): string | null {
  return [property.city, property.state].filter(Boolean).join(', ') || property.address || null
}
