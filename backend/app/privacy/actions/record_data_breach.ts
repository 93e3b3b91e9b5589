import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import DataBreach, { type BreachDataKind } from '#privacy/models/data_breach'

export type BreachFacts = {
  discoveredAt: DateTime
  description: string
  affectedPeople: string
  dataKinds: BreachDataKind[]
  affectedCount: number
}

export const breachLabel = (breach: DataBreach) => `Breach #${breach.id}`

/** A super admin puts an incident on the breach register; the Commissioner's 72-hour clock runs from `discoveredAt`. */
export default class RecordDataBreach {
  async handle(facts: BreachFacts, by: AuditBy): Promise<DataBreach> {
    return db.transaction(async (trx) => {
      const breach = await DataBreach.create(
        { ...facts, status: 'open', recordedById: by.actor.id, recordedByName: by.actor.name.slice(0, 120) },
        { client: trx }
      )
      await recordAudit(trx, by, {
        action: 'data_breach.recorded',
        subject: { type: 'data_breach', id: breach.id, label: breachLabel(breach) },
        before: null,
        after: auditFields(breach),
      })
      return breach
    })
  }
}
