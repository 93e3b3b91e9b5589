import type { ModuleDocs } from '#core/openapi/types'
import identity from '#identity/openapi'
import agencies from '#agencies/openapi'
import inventory from '#inventory/openapi'
import bookings from '#bookings/openapi'
import portfolio from '#portfolio/openapi'
import contact from '#contact/openapi'
import dashboards from '#dashboards/openapi'
import platform from '#core/openapi/core_docs'

/** Every module's route docs, in the reference's order; a module registering routes adds its own here. */
export const moduleDocs: ModuleDocs[] = [
  identity,
  agencies,
  inventory,
  bookings,
  portfolio,
  contact,
  dashboards,
  platform,
]
