import type { Identifier } from 'react-admin'
import type { DataProviderApi } from '../../plugins/types'

/** The bell's calls (layout/NotificationBell) and a failed job's retry. */
export const notificationsDataProvider = ({ json }: DataProviderApi) => ({
  /** The bell: one of my notifications read (answers the new unread count), or all of them. */
  markNotificationRead: (id: Identifier) =>
    json<{ id: number; link: string | null; unread: number }>(`/notifications/${encodeURIComponent(id)}/read`, {
      method: 'PUT',
    }),
  markAllNotificationsRead: () => json<{ unread: number }>('/notifications/read-all', { method: 'POST' }),

  /** A failed background job run again (super admins). */
  retryFailedJob: (id: Identifier) =>
    json<{ jobId: string }>(`/admin/jobs/failed/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
})

declare module '../../plugins/types' {
  interface PluginDataProviders {
    notifications: ReturnType<typeof notificationsDataProvider>
  }
}
