import { data, redirect, redirectDocument } from '@remix-run/node'
import type { LoginAnswer } from './login-screen'

/** The login screen drawn again: the login mode, nothing in error, no code step nor link unless given. */
export function loginAnswer(answer: Partial<LoginAnswer> & Pick<LoginAnswer, 'values'>, init?: ResponseInit) {
  const screen: LoginAnswer = {
    mode: 'login',
    fieldErrors: {},
    formError: null,
    codeStep: null,
    deviceLink: null,
    ...answer,
  }
  return data(screen, init)
}

/** The backoffice is another app on this origin: reaching it takes a full page load. */
export function redirectAfterSignIn(to: string, init?: ResponseInit) {
  return to === '/backoffice' || to.startsWith('/backoffice/') ? redirectDocument(to, init) : redirect(to, init)
}
