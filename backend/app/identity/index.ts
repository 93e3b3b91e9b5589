/** The identity module's public face. */
export { default as User } from '#identity/models/user'
export { default as RegisterUser } from '#identity/actions/register_user'
export { serializeUser, type UserResource } from '#identity/transformers/user_transformer'
