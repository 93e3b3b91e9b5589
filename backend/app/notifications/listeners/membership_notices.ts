import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MembershipDecided, MembershipRequested } from '#agencies'
import { Agency } from '#agencies'
import { User } from '#identity'
import { recordNotices, sendNotices, type Notice } from '#notifications/actions/notify'
import { agentAdminsOf } from '#notifications/queries/recipients'

const REQUESTS_LINK = '/backoffice/agent/agency-requests'

/** A new membership request: the agency's agent admins are told (and nobody else). */
export async function membershipRequestNotices(
  event: MembershipRequested,
  client?: TransactionClientContract
): Promise<Notice[]> {
  const requester = await User.find(event.userId, { client })
  const agency = await Agency.find(event.agencyId, { client })
  if (!requester || !agency) return []
  const summary: Array<[string, string]> = [
    ['Applicant', `${requester.name} (${requester.email})`],
    ['Agency', agency.name],
    ['Position', event.position],
    ['Status', 'Pending'],
  ]
  if (event.message) summary.push(['Message', event.message])
  return (await agentAdminsOf(event.agencyId, client)).map((agent) => ({
    userId: agent.id,
    kind: 'membership_request' as const,
    title: `New membership request: ${requester.name}`,
    body: `${requester.name} asked to join ${agency.name} as ${event.position}.${event.message ? ` Message: ${event.message}` : ''}`,
    link: REQUESTS_LINK,
    summary,
    action: 'Open the request',
  }))
}

/** A membership decision: the applicant is told who decided, which way and why. */
export async function membershipDecisionNotices(
  event: MembershipDecided,
  client?: TransactionClientContract
): Promise<Notice[]> {
  const decider = await User.find(event.deciderId, { client })
  const agency = await Agency.find(event.agencyId, { client })
  const agencyName = agency?.name ?? 'the agency'
  const status = event.decision === 'approve' ? 'Approved' : 'Rejected'
  const deciderName = decider?.name ?? 'the agency'
  const notes = event.notes ? ` Notes: ${event.notes}` : ''
  const summary: Array<[string, string]> = [
    ['Agency', agencyName],
    ['Status', status],
    ['Decided by', deciderName],
  ]
  if (event.notes) summary.push(['Notes', event.notes])
  if (event.userId === event.deciderId) return []
  return [
    {
      userId: event.userId,
      kind: 'membership_decision',
      title:
        event.decision === 'approve'
          ? `Your membership of ${agencyName} was approved`
          : `Your membership request to ${agencyName} was rejected`,
      body: `${status} by ${deciderName}.${notes}`,
      link: '/dashboard',
      summary,
      action: event.decision === 'approve' ? 'Book a lot' : 'Open your dashboard',
    },
  ]
}

/** Outbox deliveries: the rows in the delivery's transaction, the emails and pushes after it. */
export async function notifyMembershipRequested(event: MembershipRequested, trx: TransactionClientContract) {
  const recorded = await recordNotices(trx, await membershipRequestNotices(event, trx))
  return () => sendNotices(recorded)
}

export async function notifyMembershipDecided(event: MembershipDecided, trx: TransactionClientContract) {
  const recorded = await recordNotices(trx, await membershipDecisionNotices(event, trx))
  return () => sendNotices(recorded)
}
