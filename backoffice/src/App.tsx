import { lazy } from 'react'
import { CssBaseline } from '@mui/material'
import { QueryClient } from '@tanstack/react-query'
import {
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  type CatchAllComponent,
  CustomRoutes,
  Error as ErrorPage,
  HttpError,
  LoadingPage,
  NotFound,
  Notification,
  AccessDenied as RaAccessDenied,
  Resource,
} from 'react-admin'
import { Route } from 'react-router-dom'
import { AccessDenied } from './components/AccessDenied'
import {
  canAccessFor,
  pluginMessages,
  resourceEndpoints,
  resourcesForRole,
  routesForRole,
  unreachablePagesForRole,
} from './composition'
import { earlyRequests, shareDashboardFigures, store } from './firstScreen'
import { Layout } from './layout/Layout'
import { plugins } from './plugins'
import { createAuthProvider } from './providers/authProvider'
import { createDataProvider } from './dataProvider'
import { backofficeMessages, createI18nProvider } from './providers/i18nProvider'
import type { Role } from './roles'
import { theme } from './theme'

// Both providers take the answers the entry asked for early (main.tsx, firstScreen.ts).
const authProvider = createAuthProvider({
  canAccess: (role, params) => canAccessFor(plugins, role, params),
  http: earlyRequests.http,
})

const dataProvider = createDataProvider({ endpoints: resourceEndpoints(plugins), http: earlyRequests.http })

// Its tabs are code no other first screen needs; firstScreen.ts starts loading it on the home.
const Dashboard = lazy(() => import('./layout/Dashboard').then(({ Dashboard }) => ({ default: Dashboard })))

const i18nProvider = createI18nProvider(backofficeMessages(pluginMessages(plugins)))

/**
 * A refusal (4xx: not found, forbidden, invalid) is an answer, not a glitch: it is shown at
 * once instead of being retried. Server faults and network errors are retried once.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 1,
    },
  },
})
shareDashboardFigures(queryClient)

/**
 * The backoffice shell. There is no login page: the storefront owns sign-in, and the
 * authProvider sends signed-out visitors there. Resources and pages come from the plugins
 * the signed-in role sees; the pages of other roles answer "access denied".
 */
export function App() {
  // What <Admin> renders (AdminContext, then AdminUI's pages), minus its default login page:
  // there is none here, and that page's form brought react-hook-form and lodash's deep merge
  // into the first screen's code, which only the lazy edit and create screens need.
  return (
    <AdminContext
      basename="/backoffice"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Aero Backoffice"
          layout={Layout}
          dashboard={Dashboard}
          loginPage={false}
          accessDenied={RaAccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          // As AdminUI passes it: NotFound is typed for a string title, the catch-all is given the admin's.
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          loading={LoadingPage}
          requireAuth
          disableTelemetry
        >
          {(role: Role) => (
            <>
              {resourcesForRole(plugins, role).map(({ name, list, create, edit, show, icon, recordRepresentation }) => (
                <Resource
                  key={name}
                  name={name}
                  list={list}
                  create={create}
                  edit={edit}
                  show={show}
                  icon={icon}
                  recordRepresentation={recordRepresentation}
                />
              ))}
              <CustomRoutes>
                {routesForRole(plugins, role).map(({ path, element }) => (
                  <Route key={path} path={path} element={element} />
                ))}
                {unreachablePagesForRole(plugins, role).map(({ path, roles }) => (
                  <Route key={path} path={path} element={<AccessDenied roles={roles} />} />
                ))}
              </CustomRoutes>
            </>
          )}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  )
}
