import { serverMessage, statusOf } from '../../messages'
import type { AgencyDeletion } from './types'

/** The agency delete's success text, with what the backend converted (requirements: super-admin.md#agency-deletion). */
export function agencyDeletedMessage({
  usersConverted,
  bookingsUpdated,
}: Pick<AgencyDeletion, 'usersConverted' | 'bookingsUpdated'>) {
  const users = `${usersConverted} user${usersConverted === 1 ? '' : 's'} converted to normal users`
  const bookings = `${bookingsUpdated} booking${bookingsUpdated === 1 ? '' : 's'} updated`
  return `Agency deleted successfully. ${users}, ${bookings}.`
}

/** The agency delete's error texts by status (requirements: super-admin.md#agency-deletion). */
export function agencyDeletionError(error: unknown): string {
  const status = statusOf(error)
  if (status === 404) return 'The agency no longer exists or has already been deleted.'
  if (status === 403) return 'You do not have permission to delete this agency.'
  if (status !== undefined && status >= 500) {
    const details = error instanceof Error && error.message ? ` ${error.message}` : ''
    return `Server error while deleting agency.${details}`
  }
  const message = serverMessage(error) ?? (error instanceof Error ? error.message : undefined)
  return message ? `Error: ${message}` : 'Failed to delete agency.'
}
