import type { User } from '@aero/shared/user'
import type { DataProviderApi } from '../../plugins/types'

/** GET /api/notifications/preferences: whether each kind of notification is also emailed. */
export interface EmailPreference {
  kind: string
  label: string
  email: boolean
}

/** GET /api/users/stats. */
export interface UserStatistics {
  total: number
  byRole: Record<User['role'], number>
}

/** The users' figures and My Profile's email switches. */
export const identityDataProvider = ({ json }: DataProviderApi) => ({
  getUserStatistics: () => json<UserStatistics>('/users/stats'),

  /** My Profile's email switches: one per kind of notification I can receive (the backend lists them). */
  getEmailPreferences: () => json<EmailPreference[]>('/notifications/preferences'),
  saveEmailPreferences: (preferences: Array<Pick<EmailPreference, 'kind' | 'email'>>) =>
    json<EmailPreference[]>('/notifications/preferences', { method: 'PUT', body: JSON.stringify({ preferences }) }),
})

declare module '../../plugins/types' {
  interface PluginDataProviders {
    identity: ReturnType<typeof identityDataProvider>
  }
}
