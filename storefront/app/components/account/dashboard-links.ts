/** The user dashboard keeps its state in the address: tab, filters, open dialogs. */

export type DashboardTab = 'overview' | 'bookings' | 'profile'

export const DASHBOARD_TABS: ReadonlyArray<{ id: DashboardTab; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'bookings', label: 'My Bookings' },
  { id: 'profile', label: 'My Profile' },
]

export function parseTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.id === value)?.id ?? 'overview'
}

/** The parameters that only open or close something on the page (no new data needed). */
export const VIEW_PARAMS = ['tab', 'q', 'status', 'edit', 'dialog', 'cancel'] as const

/** `?…` of the current parameters with `changes` applied (null removes one). */
export function withParams(current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current)
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name)
    else next.set(name, value)
  }
  const query = next.toString()
  return query ? `?${query}` : '?'
}
