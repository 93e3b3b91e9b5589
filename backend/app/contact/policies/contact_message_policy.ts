import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

/** The contact form is public; the inbox of its messages is the super admin's (contact names no other module). */
export default class ContactMessagePolicy extends BasePolicy {
  manage(user: Actor): boolean {
    return this.isSuperAdmin(user)
  }
}
