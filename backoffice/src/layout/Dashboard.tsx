import { Suspense } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import { widgetsForRole } from '../composition';
import { useBackofficeIdentity } from '../hooks/useBackofficeIdentity';
import { plugins } from '../plugins';

/** The backoffice home: a welcome line, then the widgets of the plugins the role sees. */
export function Dashboard() {
  const { identity } = useBackofficeIdentity();
  const { permissions } = usePermissions();

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        Welcome, {identity?.fullName || 'Admin'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {widgetsForRole(plugins, permissions).map(({ name, component: Widget }) => (
          // Each widget loads on its own, so a slow one does not hold back the others.
          <Suspense key={name} fallback={<Skeleton variant="rounded" width={280} height={120} />}>
            <Widget />
          </Suspense>
        ))}
      </Box>
    </Box>
  );
}
