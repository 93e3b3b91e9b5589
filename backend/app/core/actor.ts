import type { Role } from '#core/roles'

/**
 * The signed-in person as core's plumbing reads them (BasePolicy's helpers): only the fields
 * it needs. Identity's User satisfies it, so core names no module.
 */
export type Actor = {
  id: number
  role: Role
  agencyId: number | null
  agencyStatus: string
}
