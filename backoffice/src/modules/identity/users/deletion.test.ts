import { describe, expect, it } from 'vitest'
import { deleteOffered } from './deletion'

describe('Delete on the users list', () => {
  it('is offered on users and agent admins', () => {
    expect(deleteOffered({ id: 7, role: 'user' }, 1)).toBe(true)
    expect(deleteOffered({ id: 8, role: 'agent_admin' }, 1)).toBe(true)
  })

  it('is not offered on super admins or admins, whom the backend never lets another super admin delete', () => {
    expect(deleteOffered({ id: 9, role: 'super_admin' }, 1)).toBe(false)
    expect(deleteOffered({ id: 10, role: 'admin' }, 1)).toBe(false)
  })

  it("is not offered on the signed-in user's own row, whatever its id type", () => {
    expect(deleteOffered({ id: 1, role: 'super_admin' }, 1)).toBe(false)
    expect(deleteOffered({ id: '1', role: 'user' }, 1)).toBe(false)
  })
})
