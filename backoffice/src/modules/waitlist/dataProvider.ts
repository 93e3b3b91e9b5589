import type { Identifier } from 'react-admin'
import type { DataProviderApi } from '../../plugins/types'
import { listOf, type Listed } from '../../providers/restProvider'
import type { DevelopmentWaitlistWindow, LotWaitlistEntry } from './types'

/** The waitlists' settings and lines (super admins), shown on the lots screens. */
export const waitlistDataProvider = ({ json }: DataProviderApi) => ({
  /** Each development's waitlist priority window (super admins), and a new one in minutes. */
  getDevelopmentWaitlistWindows: async () => listOf(await json<Listed<DevelopmentWaitlistWindow>>('/developments')),
  saveWaitlistWindow: ({ id, minutes }: { id: Identifier; minutes: number }) =>
    json<Partial<DevelopmentWaitlistWindow> & { message?: string }>(
      `/developments/${encodeURIComponent(id)}/waitlist-window`,
      { method: 'PUT', body: JSON.stringify({ minutes }) }
    ),

  /** GET /api/lots/:lotId/waitlist: a lot's whole line, in order (super admins). */
  getLotWaitlist: async (lotId: Identifier) =>
    listOf(await json<Listed<LotWaitlistEntry>>(`/lots/${encodeURIComponent(lotId)}/waitlist`)),
})

declare module '../../plugins/types' {
  interface PluginDataProviders {
    waitlist: ReturnType<typeof waitlistDataProvider>
  }
}
