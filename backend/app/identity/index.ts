/** The identity module's public face. */
export { default as User } from '#identity/models/user'
export { authenticateRequest } from '#identity/services/sign_in_service'
export { default as RegisterUser } from '#identity/actions/register_user'
export {
  default as SetAgencyMembership,
  type AgencyMembershipChange,
  MEMBER_POSITION,
} from '#identity/actions/set_agency_membership'
export { default as DetachAgencyUsers } from '#identity/actions/detach_agency_users'
export { default as ListAgencyUsers } from '#identity/queries/list_agency_users'
export { default as ListAgencyAgentAdmins } from '#identity/queries/list_agency_agent_admins'
export {
  serializeUser,
  serializeUserContact,
  type UserResource,
  type UserContactResource,
} from '#identity/transformers/user_transformer'
export { default as UserStatisticsQuery, type UserStatistics } from '#identity/queries/user_statistics'
export { default as countAgencyMembers } from '#identity/queries/count_agency_members'
export { clientRefusal, whereClientOf, CLIENT_MUST_BE_USER, CLIENT_OF_ANOTHER_AGENCY } from '#identity/clients'
