export {
  default as User,
  MEMBER_POSITION,
  AGENT_ADMIN_POSITION,
  BUMIPUTERA_KINDS,
  type BumiputeraKind,
} from '#identity/models/user'
export { default as UserPolicy } from '#identity/policies/user_policy'
export { declareBumiputera, BUMIPUTERA_ALREADY_VERIFIED } from '#identity/actions/declare_bumiputera'
export { default as RegisterUser } from '#identity/actions/register_user'
export {
  serializeUser,
  serializeUserContact,
  serializeBumiputera,
  presentUser,
  type UserResource,
  type UserContactResource,
} from '#identity/transformers/user_transformer'
export { default as UserStatisticsQuery, type UserStatistics } from '#identity/queries/user_statistics'
export { clientRefusal, whereClientOf, CLIENT_MUST_BE_USER, CLIENT_OF_ANOTHER_AGENCY } from '#identity/clients'
export { default as PruneSignIns, type SignInPruneReport } from '#identity/services/prune_sign_ins'
export { anonymiseAccount, anonymousName } from '#identity/actions/anonymise_account'
export { announceAccessEnded, announceAccessEndedOnCommit, type AccessEnded } from '#identity/events'
