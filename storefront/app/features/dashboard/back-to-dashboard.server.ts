import { redirect } from '@remix-run/node'
import { withParams } from '~/components/account/dashboard-links'
import { cookieHeaders } from '~/utils/api.server'
import { noticeCookie } from '~/utils/notice.server'
import type { NoticeKey } from '~/utils/notice.server'

/** After a successful post: back to the page (dialogs closed) with the notice to show. */
export function backToDashboard(
  request: Request,
  notice: NoticeKey,
  changes: Record<string, string | null>,
  setCookies: string[]
) {
  const url = new URL(request.url)
  const headers = cookieHeaders(setCookies)
  headers.append('Set-Cookie', noticeCookie(notice))
  const query = withParams(url.searchParams, changes)
  return redirect(query === '?' ? url.pathname : `${url.pathname}${query}`, { headers })
}
