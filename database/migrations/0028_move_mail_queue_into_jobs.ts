import { randomUUID } from 'node:crypto'
import { BaseSchema } from '@adonisjs/lucid/schema'

/** The queue's ordering score for a job of the default priority (5) pushed at `now`. */
const score = (now: number) => 5 * 1e13 + now

/**
 * The home-made `mail_queue` is replaced by the job queue (SendMail jobs, backend/config/queue.ts).
 * Every email it had not sent yet (waiting, being sent, or given up) becomes a pending SendMail
 * job in `queue_jobs`, with the message as composed, so none is lost; then the table goes.
 * (A deployment on Redis finds the moved emails in `queue_jobs`: none are expected there, as
 * the database queue is the default.)
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const rows = await db.from('mail_queue').whereNot('status', 'sent').orderBy('id').select('message', 'envelope')
      const now = Date.now()
      for (const row of rows) {
        const id = randomUUID()
        const message = { ...JSON.parse(row.message), envelope: JSON.parse(row.envelope) }
        const data = { id, name: 'SendMail', payload: { message }, attempts: 0, createdAt: now }
        await db.table('queue_jobs').insert({
          id,
          queue: 'default',
          status: 'pending',
          data: JSON.stringify(data),
          score: score(now),
        })
      }
    })
    this.schema.dropTable('mail_queue')
  }

  async down() {
    this.schema.createTable('mail_queue', (table) => {
      table.increments('id')
      table.string('message_id', 255).nullable()
      table.string('recipients', 1000).notNullable()
      table.string('subject', 255).notNullable()
      table.text('message', 'longtext').notNullable()
      table.text('envelope').notNullable()
      table.enu('status', ['queued', 'sending', 'sent']).notNullable().defaultTo('queued')
      table.integer('attempts').unsigned().notNullable().defaultTo(0)
      table.text('last_error').nullable()
      table.dateTime('claimed_at').nullable()
      table.dateTime('sent_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('next_attempt_at').nullable()
      table.dateTime('failed_at').nullable()
      table.index(['status', 'id'])
      table.index(['failed_at', 'id'])
    })
  }
}
