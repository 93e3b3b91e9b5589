import { describe, expect, it } from 'vitest'
import { HttpError } from 'react-admin'
import { agencyDeletedMessage, agencyDeletionError } from './messages'

describe('agency deletion messages (requirements: super-admin.md#agency-deletion)', () => {
  it('reports what the backend converted', () => {
    expect(agencyDeletedMessage({ usersConverted: 3, bookingsUpdated: 1 })).toBe(
      'Agency deleted successfully. 3 users converted to normal users, 1 booking updated.'
    )
  })

  it('names each failure', () => {
    expect(agencyDeletionError(new HttpError('Not found', 404, { message: 'x' }))).toBe(
      'The agency no longer exists or has already been deleted.'
    )
    expect(agencyDeletionError(new HttpError('Forbidden', 403, {}))).toBe(
      'You do not have permission to delete this agency.'
    )
    expect(agencyDeletionError(new HttpError('Something went wrong on our side.', 500, {}))).toBe(
      'Server error while deleting agency. Something went wrong on our side.'
    )
    expect(agencyDeletionError(new HttpError('Busy', 409, { message: 'Busy' }))).toBe('Error: Busy')
    expect(agencyDeletionError(undefined)).toBe('Failed to delete agency.')
  })
})
