import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { User } from '#identity'
import AgentProperty from '#portfolio/models/agent_property'
import AgentPropertyShare, { type SharePlatform } from '#portfolio/models/agent_property_share'
import { shareContent, shareUrlFor } from '#portfolio/services/share_links'

/**
 * Counted under the entry's row lock, so simultaneous shares all count (requirements:
 * agent-admin.md#sharing).
 */
export default class ShareProperty {
  async handle(actor: User, property: AgentProperty, platform: SharePlatform) {
    const shared = await db.transaction(async (trx) => {
      const locked = await AgentProperty.query({ client: trx }).where('id', property.id).forUpdate().firstOrFail()
      locked.shareCount += 1
      locked.lastSharedAt = DateTime.utc()
      await locked.save()
      await AgentPropertyShare.create({ agentPropertyId: locked.id, sharedById: actor.id, platform }, { client: trx })
      return locked
    })
    const content = shareContent(shared)
    return { property: shared, content, shareUrl: shareUrlFor(platform, shared, content) }
  }
}
