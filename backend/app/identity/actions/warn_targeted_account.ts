import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import User from '#identity/models/user'
import type { TargetedAccountReport } from '#identity/services/sign_in_throttle'

export const TARGETED_ACCOUNT_SUBJECT = 'Failed sign-in attempts on your account'

/**
 * How many failed attempts, from how many addresses, since when; never what was tried. A mail failure is
 * logged and the sign-in answers as it would anyway.
 */
export default class WarnTargetedAccount {
  async handle(report: TargetedAccountReport) {
    const user = await User.findBy('email', report.email)
    if (!user) return
    try {
      await mail.send((message) => {
        message.to(user.email, user.name).subject(TARGETED_ACCOUNT_SUBJECT).text(warning(user, report))
      })
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'an account is targeted but its owner could not be emailed')
    }
  }
}

function warning(user: User, report: TargetedAccountReport): string {
  const addresses = report.addresses === 1 ? '1 network address' : `${report.addresses} different network addresses`
  return [
    `Hello ${user.name},`,
    '',
    `Someone tried to sign in to your account (${user.email}) with a wrong password ${report.failures} times, from ${addresses}, between ${utc(report.firstFailureAt)} and ${utc(report.lastFailureAt)}.`,
    '',
    'None of these attempts signed in. To protect your account, further attempts are now slowed down; you can still sign in as usual from a browser you have signed in with before.',
    '',
    'To sign in from another browser or app meanwhile, choose "Email me a sign-in link" on the login page: the link we send you lets that browser past the slowdown, and you then sign in with your password as usual.',
    '',
    'If this was not you, we recommend changing your password to a strong one that you do not use anywhere else.',
  ].join('\n')
}

function utc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
