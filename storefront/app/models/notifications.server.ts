/**
 * The signed-in person's notifications (backend/app/notifications): the bell's list, its
 * unread count, marking read.
 */
import { apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

export interface NotificationItem {
  id: number
  kind: string
  title: string
  body: string
  link: string | null
  read: boolean
  createdAt: string
}

/** How many the bell lists: the newest, paged in SQL by the backend. */
export const BELL_PAGE_SIZE = 10

export function listNotifications(request: Request): Promise<ApiResponse<NotificationItem[]>> {
  const range = encodeURIComponent(JSON.stringify([0, BELL_PAGE_SIZE - 1]))
  return apiRequest<NotificationItem[]>(request, `/api/notifications?range=${range}`)
}

export function unreadNotifications(request: Request): Promise<ApiResponse<{ unread: number }>> {
  return apiRequest<{ unread: number }>(request, '/api/notifications/unread-count')
}

export function markNotificationRead(
  request: Request,
  id: number
): Promise<ApiResponse<NotificationItem & { unread: number }>> {
  return apiRequest(request, `/api/notifications/${id}/read`, { method: 'PUT' })
}

export function markAllNotificationsRead(request: Request): Promise<ApiResponse<{ unread: number }>> {
  return apiRequest(request, '/api/notifications/read-all', { method: 'POST' })
}

/** One line of the profile's email switches: a kind the person can receive (the backend lists them). */
export interface EmailPreference {
  kind: string
  label: string
  email: boolean
}

export function getEmailPreferences(request: Request): Promise<ApiResponse<EmailPreference[]>> {
  return apiRequest<EmailPreference[]>(request, '/api/notifications/preferences')
}

export function updateEmailPreferences(
  request: Request,
  preferences: Array<{ kind: string; email: boolean }>
): Promise<ApiResponse<EmailPreference[]>> {
  return apiRequest<EmailPreference[]>(request, '/api/notifications/preferences', {
    method: 'PUT',
    body: { preferences },
  })
}
