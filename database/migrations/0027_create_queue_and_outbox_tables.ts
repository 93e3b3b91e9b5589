import { BaseSchema } from '@adonisjs/lucid/schema'
import { QueueSchemaService } from '@adonisjs/queue'

/**
 * The job queue's tables (@adonisjs/queue's database adapter, backend/config/queue.ts):
 * `queue_jobs` (waiting, running, delayed and failed jobs) and `queue_schedules` (the recurring
 * jobs and when each runs next), as the library defines them, on MySQL/MariaDB and SQLite alike.
 *
 * `mail_outbox`: without SMTP, each email as rendered (recipients, subject, text and HTML
 * bodies), for super admins to read (GET /api/admin/outbox).
 */
export default class extends BaseSchema {
  async up() {
    const schema = new QueueSchemaService(this.db.getWriteClient())
    await schema.createJobsTable()
    await schema.createSchedulesTable()

    this.schema.createTable('mail_outbox', (table) => {
      table.increments('id')
      table.string('message_id', 255).notNullable()
      table.string('recipients', 1000).notNullable()
      table.string('subject', 255).notNullable()
      table.text('text', 'mediumtext').nullable()
      table.text('html', 'mediumtext').nullable()
      table.timestamp('sent_at').notNullable()
      table.index(['sent_at'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('mail_outbox')
    const schema = new QueueSchemaService(this.db.getWriteClient())
    await schema.dropSchedulesTable()
    await schema.dropJobsTable()
  }
}
