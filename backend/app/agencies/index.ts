export { default as Agency } from '#agencies/models/agency'
export {
  serializeAgency,
  serializeAgencySummary,
  type AgencyResource,
  type AgencySummaryResource,
} from '#agencies/transformers/agency_transformer'
export { countAgencies, countPendingMembershipRequests } from '#agencies/queries/counts'
export { default as countAgencyMembers } from '#agencies/queries/count_agency_members'
export { type AgencyDeleted } from '#agencies/actions/delete_agency'
export { type MembershipRequested, type MembershipDecided } from '#agencies/events'
export { membershipRequestsOf } from '#agencies/queries/membership_history'
export { forgetMembershipMessages } from '#agencies/actions/forget_membership_messages'
