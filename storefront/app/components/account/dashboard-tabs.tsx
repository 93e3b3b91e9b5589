import { Link, useSearchParams } from '@remix-run/react'
import { DASHBOARD_TABS } from '~/components/account/dashboard-links'
import type { DashboardTab } from '~/components/account/dashboard-links'

/** Overview, My Bookings, My Profile: links, so each tab has its own address. */
export function DashboardTabs({ active }: { active: DashboardTab }) {
  const [searchParams] = useSearchParams()
  return (
    <nav className="dashboard-tabs" aria-label="Dashboard sections">
      <ul className="dashboard-tabs__list">
        {DASHBOARD_TABS.map((tab) => {
          // Filters of My Bookings survive a trip to another tab and back.
          const params = new URLSearchParams()
          params.set('tab', tab.id)
          if (tab.id === 'bookings') {
            for (const name of ['q', 'status']) {
              const value = searchParams.get(name)
              if (value) params.set(name, value)
            }
          }
          return (
            <li key={tab.id}>
              <Link
                to={`?${params.toString()}`}
                className={
                  tab.id === active ? 'dashboard-tabs__tab dashboard-tabs__tab--active' : 'dashboard-tabs__tab'
                }
                aria-current={tab.id === active ? 'page' : undefined}
                preventScrollReset
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
