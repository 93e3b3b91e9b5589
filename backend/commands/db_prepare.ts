import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace db:prepare [--no-seed]` (`npm run migrate` from the project root): the deploy step.
 * Applies pending migrations, then fills the database with the demo data if it has no account
 * yet; run once per deploy before the instances start. Concurrent runs take turns.
 */
export default class DbPrepare extends BaseCommand {
  static commandName = 'db:prepare'
  static description = 'Apply pending migrations, then seed the demo data into a database without accounts'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Seed the demo data when the database has no account', default: true })
  declare seed: boolean

  async run() {
    const { default: PrepareDatabase } = await import('#core/deploy/prepare_database')
    const { User } = await import('#identity')
    const report = await new PrepareDatabase().handle({
      demoData: this.seed
        ? {
            hasAccounts: async () => (await User.query().select('id').first()) !== null,
            seed: () => this.seedDemoData(),
          }
        : undefined,
      onWaiting: () => this.logger.info('Another deploy step is preparing this database; waiting for it'),
      onMigrated: (names) => {
        for (const name of names) this.logger.success(`migrated ${name}`)
        this.logger.info(names.length ? `${names.length} migration(s) applied` : 'Migrations: already up to date')
      },
    })
    const demoData = {
      seeded: 'Demo data seeded (the database had no account)',
      'has-accounts': 'Demo data not seeded: the database has accounts already',
      'not-asked': 'Demo data not seeded (--no-seed)',
    }
    this.logger.info(demoData[report.demoData])
  }

  private async seedDemoData() {
    const seed = await this.kernel.exec('db:seed', [])
    if (seed.exitCode) throw seed.error ?? new Error('Seeding the demo data failed')
  }
}
