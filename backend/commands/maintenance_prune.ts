import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace maintenance:prune`: deletes expired rate-limit counters, dead sessions and
 * expired access tokens (`auth:prune` is the sessions and tokens alone). The web server
 * also runs it hourly (start/maintenance.ts).
 */
export default class MaintenancePrune extends BaseCommand {
  static commandName = 'maintenance:prune'
  static description = 'Delete expired rate-limit counters, sessions and access tokens'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { default: PruneExpiredState } = await import('#core/maintenance/prune_expired_state')
    const { PruneSignIns } = await import('#identity')
    const report = await new PruneExpiredState(new PruneSignIns()).handle()
    this.logger.success(
      `Deleted ${report.rateLimits} expired rate-limit counter(s), ${report.sessions} session(s), ${report.accessTokens} access token(s)`
    )
  }
}
