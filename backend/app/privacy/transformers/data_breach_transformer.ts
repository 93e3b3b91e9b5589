import { DateTime } from 'luxon'
import type DataBreach from '#privacy/models/data_breach'
import type DataBreachNotice from '#privacy/models/data_breach_notice'
import type DataProtectionOfficer from '#privacy/models/data_protection_officer'
import { breachClocks } from '#privacy/services/breach_clocks'

/** An incident as the backoffice's register and the dashboard read it, with its clocks as of `now`. */
export function serializeBreach(breach: DataBreach, now: DateTime = DateTime.now()) {
  return {
    id: breach.id,
    _id: breach.id,
    discoveredAt: breach.discoveredAt.toUTC().toISO(),
    description: breach.description,
    affectedPeople: breach.affectedPeople,
    dataKinds: breach.dataKinds,
    affectedCount: breach.affectedCount,
    status: breach.status,
    commissionerNotifiedAt: breach.commissionerNotifiedAt?.toUTC().toISO() ?? null,
    commissionerReference: breach.commissionerReference,
    individualsNotifiedAt: breach.individualsNotifiedAt?.toUTC().toISO() ?? null,
    closedAt: breach.closedAt?.toUTC().toISO() ?? null,
    recordedBy: breach.recordedByName,
    createdAt: breach.createdAt?.toUTC().toISO() ?? null,
    updatedAt: breach.updatedAt?.toUTC().toISO() ?? null,
    clocks: breachClocks(breach, now),
  }
}

export type DataBreachResource = ReturnType<typeof serializeBreach>

export function serializeBreachNotice(notice: DataBreachNotice) {
  return {
    id: notice.id,
    _id: notice.id,
    breachId: notice.dataBreachId,
    subject: notice.subject,
    body: notice.body,
    recipients: notice.recipients,
    recipientCount: notice.recipientCount,
    sentBy: notice.sentByName,
    sentAt: notice.sentAt.toUTC().toISO(),
  }
}

export type DataBreachNoticeResource = ReturnType<typeof serializeBreachNotice>

/** The officer's contact, public. `appointed` is false until a super admin has set it. */
export function serializeDataProtectionOfficer(officer: DataProtectionOfficer | null) {
  return {
    id: 1,
    _id: 1,
    appointed: officer !== null,
    name: officer?.name ?? null,
    email: officer?.email ?? null,
    phone: officer?.phone ?? null,
    updatedAt: officer?.updatedAt?.toUTC().toISO() ?? null,
  }
}

export type DataProtectionOfficerResource = ReturnType<typeof serializeDataProtectionOfficer>
