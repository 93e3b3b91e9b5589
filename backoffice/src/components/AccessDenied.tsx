import { Alert, Box, Button } from '@mui/material'
import { Title, useBasename } from 'react-admin'
import { Link } from 'react-router-dom'
import type { BackofficeRole } from '../roles'

/** A page of another role. Hiding it is not the check: the backend refuses its calls too. */
export function AccessDenied({ roles }: { roles: readonly BackofficeRole[] }) {
  const basename = useBasename()
  const adminOnly = roles.every((role) => role === 'super_admin')
  return (
    <Box sx={{ mt: 3, maxWidth: 640 }}>
      <Title title="Access denied" />
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {adminOnly ? 'Access denied. Admin privileges required.' : 'Access denied.'}
      </Alert>
      <Button component={Link} to={`${basename}/`} variant="outlined">
        Back to Dashboard
      </Button>
    </Box>
  )
}
