import { Suspense } from 'react'
import { Box, Skeleton, Tab, Tabs, Typography } from '@mui/material'
import { Title, usePermissions } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import { OVERVIEW_TAB, dashboardTabs, widgetsForRole, widgetsOnTab } from '../composition'
import { useBackofficeIdentity } from '../hooks/useBackofficeIdentity'
import { plugins } from '../plugins'

/** A tab's name in the URL (`?tab=agent-admins`), so a tab can be linked to and reloaded. */
export function tabSlug(tab: string): string {
  return tab
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * The backoffice home: a welcome line, then the widgets of the plugins the role sees,
 * grouped in tabs when widgets name one (Overview first).
 */
export function Dashboard() {
  const { identity } = useBackofficeIdentity()
  const { permissions } = usePermissions()
  const [searchParams, setSearchParams] = useSearchParams()
  const widgets = widgetsForRole(plugins, permissions)
  const tabs = dashboardTabs(widgets)
  const current = tabs.find((tab) => tabSlug(tab) === searchParams.get('tab')) ?? OVERVIEW_TAB

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Welcome, {identity?.fullName || 'Admin'}
      </Typography>
      {tabs.length > 1 && (
        <Tabs
          value={current}
          onChange={(_event, tab: string) =>
            setSearchParams(tab === OVERVIEW_TAB ? {} : { tab: tabSlug(tab) }, { replace: true })
          }
          aria-label="Dashboard sections"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((tab) => (
            <Tab key={tab} value={tab} label={tab} />
          ))}
        </Tabs>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} role="tabpanel" aria-label={current}>
        {widgetsOnTab(widgets, current).map(({ name, component: Widget }) => (
          // Each widget loads on its own, so a slow one does not hold back the others.
          <Suspense
            key={name}
            fallback={<Skeleton variant="rounded" height={150} sx={{ width: { xs: '100%', sm: 280 } }} />}
          >
            <Widget />
          </Suspense>
        ))}
      </Box>
    </Box>
  )
}
