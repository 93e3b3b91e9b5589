import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace notifications:bench`: the issue-18 figures on this database (`npm run
 * bench:notifications`): the bell list's p95 (count + newest page, as GET /api/notifications
 * runs them) for one person with `--rows` notifications, and the job queue's email throughput to
 * the recording transport. Everything it writes is removed afterwards.
 */
export default class NotificationsBench extends BaseCommand {
  static commandName = 'notifications:bench'
  static description = 'Measure the notification list p95 and the mail queue throughput'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Notifications for the measured person', default: 100_000 })
  declare rows: number

  @flags.number({ description: 'Mails queued and delivered', default: 2_000 })
  declare mails: number

  async run() {
    const db = (await import('@adonisjs/lucid/services/db')).default
    const { sqlDateTime } = await import('#core/dates')
    const { queueMessage } = await import('#core/mail/queue_transport')
    const { drainQueue } = await import('#core/queue/workers')
    const { notificationsOf } = await import('#notifications/queries/list_notifications')
    const { User } = await import('#identity')

    const user = await User.create({
      name: 'Bench Person',
      email: `bench.${Date.now()}@bench.invalid`,
      password: 'Bench#12345',
      role: 'user',
      position: 'Member',
      agencyStatus: 'none',
    })
    try {
      const start = Date.now() - this.rows * 1000
      for (let done = 0; done < this.rows; done += 2_000) {
        const batch = Array.from({ length: Math.min(2_000, this.rows - done) }, (_, i) => ({
          user_id: user.id,
          kind: 'booking_status',
          title: `Notification ${done + i}`,
          body: 'MKS-07 (lot 4107) at Aero Industrial Hub: booked by Admin. Status: Approved.',
          link: '/dashboard?booking=1',
          read_at: (done + i) % 3 === 0 ? sqlDateTime() : null,
          created_at: sqlDateTime(new Date(start + (done + i) * 1000)),
        }))
        await db.table('notifications').multiInsert(batch)
      }
      const timings: number[] = []
      for (let run = 0; run < 200; run++) {
        const began = performance.now()
        const query = notificationsOf(user.id, {})
        await query.clone().count('* as total').first()
        await query
          .clone()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset((run % 10) * 25)
          .limit(25)
        await db.from('notifications').where('user_id', user.id).whereNull('read_at').count('* as total')
        timings.push(performance.now() - began)
      }
      timings.sort((a, b) => a - b)
      const p95 = timings[Math.floor(timings.length * 0.95)]
      this.logger.info(
        `notification list at ${this.rows} notifications: p95 ${p95.toFixed(1)} ms, median ${timings[100].toFixed(1)} ms`
      )

      const from = { address: 'no-reply@aero-demo.my', name: 'Aero Property Booking' }
      for (let i = 0; i < this.mails; i++) {
        await queueMessage({
          from,
          to: [{ address: user.email, name: user.name }],
          subject: `Bench ${i}`,
          html: '<p>Bench</p>',
          text: 'Bench',
        })
      }
      const began = performance.now()
      const sent = (await drainQueue()).completed
      const seconds = (performance.now() - began) / 1000
      this.logger.info(
        `mail queue to the recording transport: ${sent} mails in ${seconds.toFixed(2)} s = ${(sent / seconds).toFixed(0)} mails/s`
      )
    } finally {
      await db.from('notifications').where('user_id', user.id).delete()
      await user.delete()
    }
  }
}
