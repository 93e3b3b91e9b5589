import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { canAccessFor, resourcesForRole, routesForRole } from './composition';
import { Dashboard } from './layout/Dashboard';
import { Layout } from './layout/Layout';
import { plugins } from './plugins';
import { createAuthProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import type { Role } from './roles';
import { theme } from './theme';

const authProvider = createAuthProvider({
  canAccess: (role, params) => canAccessFor(plugins, role, params),
});

/**
 * The backoffice shell. There is no login page: the storefront owns sign-in, and the
 * authProvider sends signed-out visitors there. Resources and pages come from the plugins
 * the signed-in role sees.
 */
export function App() {
  return (
    <Admin
      basename="/backoffice"
      title="Aero Backoffice"
      dataProvider={dataProvider}
      authProvider={authProvider}
      layout={Layout}
      dashboard={Dashboard}
      theme={theme}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {(role: Role) => (
        <>
          {resourcesForRole(plugins, role).map(({ name, list, create, edit, show, icon, recordRepresentation, options }) => (
            <Resource
              key={name}
              name={name}
              list={list}
              create={create}
              edit={edit}
              show={show}
              icon={icon}
              recordRepresentation={recordRepresentation}
              options={options}
            />
          ))}
          <CustomRoutes>
            {routesForRole(plugins, role).map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
}
