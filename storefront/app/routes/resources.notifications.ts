/**
 * The header bell's data (GET: the newest notifications and the unread count) and its
 * actions (POST `intent=open`: mark one read and go to its booking or request; `intent=read-all`).
 * The bell calls both with fetchers; without JavaScript its forms post here and are redirected.
 */
import { data, redirect, redirectDocument } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotifications,
} from '~/models/notifications.server'
import type { NotificationItem } from '~/models/notifications.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin } from '~/utils/auth.server'
import { safeRedirect } from '~/utils/redirects'

export type BellData = { items: NotificationItem[]; unread: number } | { items: []; unread: 0; signedOut: true }

const NO_STORE = { 'Cache-Control': 'private, no-store' }

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const [list, count] = await Promise.all([listNotifications(request), unreadNotifications(request)])
    const headers = cookieHeaders(list.setCookies, count.setCookies)
    headers.set('Cache-Control', NO_STORE['Cache-Control'])
    return data<BellData>({ items: list.data, unread: count.data.unread }, { headers })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return data<BellData>({ items: [], unread: 0, signedOut: true }, { headers: NO_STORE })
    }
    throw error
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'read-all') {
    const answer = await markAllNotificationsRead(request)
    const back = safeRedirect(form.get('redirectTo'), '')
    if (back) return redirect(back, { headers: cookieHeaders(answer.setCookies) })
    return data({ unread: 0 }, { headers: cookieHeaders(answer.setCookies) })
  }
  const id = Number(form.get('id'))
  if (intent !== 'open' || !Number.isSafeInteger(id) || id < 1) {
    return data({ message: 'Unknown notification action' }, { status: 400 })
  }
  const answer = await markNotificationRead(request, id)
  // The link is the backend's: a path on this origin; the backoffice is another app (a full page load).
  const to = safeRedirect(answer.data.link, '/dashboard')
  const go = to.startsWith('/backoffice') ? redirectDocument : redirect
  return go(to, { headers: cookieHeaders(answer.setCookies) })
}
