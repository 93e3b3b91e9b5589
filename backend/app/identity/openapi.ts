import type { ModuleDocs } from '#core/openapi/types'
import {
  changePasswordValidator,
  createUserValidator,
  loginValidator,
  registerValidator,
  updateProfileValidator,
  updateUserValidator,
} from '#identity/validators/user'
import { confirmTwoFactorValidator, proveOwnerValidator, secondStepValidator } from '#identity/validators/two_factor'
import { deviceLinkConfirmValidator, deviceLinkRequestValidator } from '#identity/validators/device_trust'

const SIGNED_IN = 'Signed in: `{ token, session: { expiresAt, windowEndsAt }, user }`; the session cookie is set too.'

/** The identity module's routes in the API reference (/api/docs). */
export default {
  tag: 'Identity',
  description: "Accounts, sign-in and sessions; the super admin's users screen.",
  operations: {
    'POST /api/auth/register': {
      summary: 'Register an account and sign in',
      description: 'Creates an account of role `user` and signs it in, as the login does.',
      body: registerValidator,
      responses: { 201: SIGNED_IN },
    },
    'POST /api/auth/login': {
      summary: 'Sign in with email and password',
      description:
        'Answers the bearer token for API clients and sets the httpOnly session cookie (and the known-device cookie) for browsers. A wrong email or password is `Invalid credentials. Please try again.`; failures are limited per address and email and per account (from any address; a browser that signed in to the account before is exempt), answered 429 with `Retry-After`.',
      body: loginValidator,
      responses: {
        200: SIGNED_IN,
        401: 'Invalid credentials. Please try again.',
        429: "Too many login attempts from this address, or too many failed attempts on this account (then with `reason: 'account_limit'`: see `POST /api/auth/trust-device`); `Retry-After` says when to try again.",
      },
    },
    'POST /api/auth/login/two-factor': {
      summary: 'Complete a sign-in with a two-step code',
      description:
        'When the password step answered `{ twoFactorRequired: true, challenge }` (two-step sign-in is on): the challenge (5 minutes) with a code from the authenticator app or a recovery code. A code is accepted once; a recovery code works once. Wrong codes count as failed sign-ins, per address and per account.',
      body: secondStepValidator,
      responses: {
        200: SIGNED_IN,
        401: 'Invalid code. Please try again. (or the challenge has expired)',
        422: 'The challenge or code is missing or malformed.',
        429: 'Too many failed attempts; `Retry-After` says when to try again.',
      },
    },
    'POST /api/auth/trust-device': {
      summary: 'Email me a link to trust this device',
      description:
        "When sign-in answers 429 with `reason: 'account_limit'`: emails the account's owner a one-time link (30 minutes) to the storefront's `/login/trust` page. The same 202 answer whether or not the email has an account; at most one email per account per 5 minutes.",
      body: deviceLinkRequestValidator,
      responses: {
        202: '`{ message }`, whatever the email.',
        429: 'Too many link requests from this address (5 an hour); `Retry-After` says when to try again.',
      },
    },
    'POST /api/auth/trust-device/confirm': {
      summary: 'Trust this device with an emailed link',
      description:
        "The token from the link. The caller becomes a known device of the account (the `aero_device` cookie), so the account's sign-in limit no longer applies to it; nobody is signed in. `deviceCookie` is that cookie as `aero_device=…`: an API client sends it back in its `Cookie` header when it signs in.",
      body: deviceLinkConfirmValidator,
      responses: {
        200: '`{ message, deviceCookie }`',
        422: 'The link has expired or was already used (field `token`).',
      },
    },
    'GET /api/auth/two-factor': {
      summary: 'Two-step sign-in: on or off',
      description:
        'Agent admins and super admins: `{ enabled, pending, recoveryCodesRemaining, required }`. Users and members get 403.',
      responses: { 403: 'Only agent admins and super admins use two-step sign-in.' },
    },
    'POST /api/auth/two-factor/setup': {
      summary: 'Start setting up two-step sign-in',
      description:
        'Proven with the current password. A new secret for an authenticator app: `{ secret, otpauthUrl, qrSvg }`, shown only now. Nothing is on until confirmed.',
      body: proveOwnerValidator,
      responses: {
        409: 'Two-step sign-in is already on.',
        422: 'The password is missing or wrong.',
        429: 'Too many failed proofs on this account (password or codes, across every route that asks for them); `Retry-After` says when to try again.',
      },
    },
    'POST /api/auth/two-factor/confirm': {
      summary: 'Turn two-step sign-in on',
      description: 'A valid code from the app turns it on and answers 10 recovery codes, shown once.',
      body: confirmTwoFactorValidator,
      responses: { 422: 'Invalid code. Please try again.' },
    },
    'POST /api/auth/two-factor/recovery-codes': {
      summary: 'New recovery codes',
      description:
        'Proven with the current password and a code or a recovery code; the old codes stop working. The owner is emailed.',
      body: proveOwnerValidator,
      responses: { 422: 'The password or code is missing or wrong.', 429: 'Too many failed proofs on this account.' },
    },
    'POST /api/auth/two-factor/disable': {
      summary: 'Turn two-step sign-in off',
      description: 'Proven with the current password and a code or a recovery code. The owner is emailed.',
      body: proveOwnerValidator,
      responses: { 422: 'The password or code is missing or wrong.', 429: 'Too many failed proofs on this account.' },
    },
    'POST /api/auth/logout': {
      summary: 'Sign out everywhere',
      description: 'Revokes the sign-in (token and cookie session alike). Signed-out callers get the same answer.',
      responses: { 200: 'Logged out successfully' },
    },
    'GET /api/auth/session': {
      summary: 'The sign-in and its expiry',
      description: 'For the session-expiring banner: `{ user, session: { expiresAt, windowEndsAt } }`.',
    },
    'POST /api/auth/session/extend': {
      summary: 'Keep me logged in',
      description: 'Pushes the expiry 24 hours ahead, never past the 30-day window of the login.',
    },
    'PUT /api/auth/me': {
      summary: 'Save my profile',
      description: 'Name, phone and address; the email cannot be changed here. Answers the user.',
      body: updateProfileValidator,
    },
    'POST /api/auth/change-password': {
      summary: 'Change my password',
      description:
        'Proven with the current password, and a code or a recovery code when two-step sign-in is on. Other sign-ins of the account end; this one stays; the owner is emailed.',
      body: changePasswordValidator,
      responses: {
        200: 'Password changed successfully',
        429: 'Too many failed proofs on this account.',
        422: 'Invalid input; a wrong current password is `Current password is incorrect` on `currentPassword`',
      },
    },
    'GET /api/users/me': {
      summary: 'Who I am',
      description: 'The signed-in user with their agency membership (agencyId, agencyName, agencyStatus, position).',
    },
    'GET /api/users': {
      summary: 'List users',
      admits: 'agent_admin',
      description:
        'A super admin lists every account. An agent admin lists only the clients of the create-booking form: `filter` must hold `role: "user"` and may hold `q`, nothing else (403 otherwise), and each row carries contact details only.',
      list: {
        resource: 'users',
        sort: ['id', 'name', 'email', 'role', 'createdAt'],
        defaultSort: ['createdAt', 'DESC'],
        filter: { q: 'searches name and email', role: 'one role', agencyId: "the agency's id" },
      },
    },
    'GET /api/users/:id': {
      summary: 'One user',
      admits: 'agent_admin',
      description: 'A super admin reads any account; an agent admin only a client they may book for (contact details).',
    },
    'GET /api/users/stats': {
      summary: 'User statistics',
      admits: 'super_admin',
      description: "The users screen's figures: the total and the count of each role.",
    },
    'POST /api/users': {
      summary: 'Create a user',
      admits: 'super_admin',
      description: 'Only a super admin creates accounts, of any role.',
      body: createUserValidator,
      responses: { 201: 'The user, with `message: "User {name} created successfully"`' },
    },
    'PUT /api/users/:id': {
      summary: 'Edit a user',
      admits: 'super_admin',
      body: updateUserValidator,
      responses: { 200: 'The user, with `message: "User updated successfully"`' },
    },
    'DELETE /api/users/:id': {
      summary: 'Delete a user',
      admits: 'super_admin',
      description: 'Nobody deletes their own account, and a super admin cannot be deleted by another super admin.',
      responses: { 200: 'The deleted user, with `message: "User deleted successfully"`' },
    },
    'POST /api/users/:id/two-factor/reset': {
      summary: "Reset another account's two-step sign-in",
      admits: 'super_admin',
      description:
        "For an owner who lost their authenticator: turns it off and signs the account out everywhere; audit-trailed, the owner is emailed. Proven with the super admin's own password (and code when theirs is on); not for one's own account.",
      body: proveOwnerValidator,
      responses: { 422: 'Not on, own account, or the proof is missing or wrong.', 429: 'Too many failed proofs.' },
    },
  },
} satisfies ModuleDocs
