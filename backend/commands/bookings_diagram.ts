import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace bookings:diagram`: prints the booking workflow's transitions table as a Mermaid
 * state diagram; `--write` puts it into docs/booking-workflow.md.
 */
export default class BookingsDiagram extends BaseCommand {
  static commandName = 'bookings:diagram'
  static description = 'Print the booking state machine (from its transitions table) as a Mermaid diagram'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Write it into docs/booking-workflow.md instead of printing it' })
  declare write?: boolean

  async run() {
    const { workflowDiagram, writeDiagram } = await import('#bookings/diagram')
    if (!this.write) {
      console.log(workflowDiagram())
      return
    }
    if (await writeDiagram()) {
      this.logger.success('docs/booking-workflow.md updated')
    } else {
      this.logger.error('docs/booking-workflow.md has no diagram:begin / diagram:end markers')
      this.exitCode = 1
    }
  }
}
