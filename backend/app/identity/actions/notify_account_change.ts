import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type User from '#identity/models/user'

export const ACCOUNT_CHANGE_SUBJECT = 'A security setting of your account changed'

export type AccountChange =
  'password_changed' | 'two_factor_on' | 'two_factor_off' | 'recovery_codes_renewed' | 'two_factor_reset'

const WHAT: Record<AccountChange, string> = {
  password_changed: 'Your password was changed. Your other signed-in browsers and apps were signed out.',
  two_factor_on: 'Two-step sign-in was turned on.',
  two_factor_off: 'Two-step sign-in was turned off.',
  recovery_codes_renewed: 'New recovery codes for two-step sign-in were created; the old ones no longer work.',
  two_factor_reset:
    'A super admin reset your two-step sign-in: it is off, and you were signed out everywhere. Sign in with your password and set it up again.',
}

/**
 * So that a change made from a stolen session does not go unnoticed. A mail failure is logged; the change
 * stands.
 */
export default async function notifyAccountChange(user: User, change: AccountChange) {
  try {
    await mail.send((message) => {
      message
        .to(user.email, user.name)
        .subject(ACCOUNT_CHANGE_SUBJECT)
        .text(
          [
            `Hello ${user.name},`,
            '',
            `${WHAT[change]} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
            '',
            'If this was not you, change your password now and contact your administrator.',
          ].join('\n')
        )
    })
  } catch (error) {
    logger.error({ err: error, userId: user.id, change }, 'an account change could not be emailed to its owner')
  }
}
