import { Card, CardContent, Skeleton, Stack, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'

/** The users screen's statistics: counts per role, from GET /api/users/stats. */
export function UserStatistics() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const { data, isPending, error } = useQuery({
    queryKey: ['admin/users', 'statistics'],
    queryFn: () => dataProvider.getUserStatistics(),
  })
  if (error) return null
  const figures = [
    { label: 'Total Users', value: data?.total },
    { label: 'Super Admins', value: data ? data.byRole.super_admin + data.byRole.admin : undefined },
    { label: 'Agent Admins', value: data?.byRole.agent_admin },
    { label: 'Users', value: data?.byRole.user },
  ]
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ mt: 2, flexWrap: 'wrap' }}
      component="section"
      aria-label="User statistics"
      useFlexGap
    >
      {figures.map(({ label, value }) => (
        <Card key={label} sx={{ minWidth: 160 }}>
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5">{isPending ? <Skeleton width={40} /> : value}</Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  )
}
