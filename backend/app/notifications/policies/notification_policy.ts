import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

/** A person's notifications are theirs alone, whatever the reader's role. */
export default class NotificationPolicy extends BasePolicy {
  /** Reading, marking read and hearing (the live channel) the notifications of `ownerId`. */
  watch(user: Actor, ownerId: number): boolean {
    return user.id === ownerId
  }

  manageJobs(user: Actor): boolean {
    return this.isSuperAdmin(user)
  }
}
