import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace auth:prune`: deletes the sign-ins that can never be used again: access tokens
 * expired for over a day (a revoked one is deleted when revoked) and browser sessions past their
 * cookie age or holding no live sign-in (none at all, or a revoked one, or one expired over a day ago). Safe to
 * run at any time and from several places at once; schedule it hourly (cron, systemd timer).
 * The web server does the same hourly with the rate-limit counters (`maintenance:prune`).
 */
export default class AuthPrune extends BaseCommand {
  static commandName = 'auth:prune'
  static description = 'Delete expired or revoked sessions and expired access tokens'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { PruneSignIns } = await import('#identity')
    const report = await new PruneSignIns().handle()
    this.logger.success(`Deleted ${report.sessions} session(s) and ${report.accessTokens} access token(s)`)
  }
}
