import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material'
import { Title, useBasename } from 'react-admin'
import { Link } from 'react-router-dom'

/** The backend's refusal of the portfolio to anyone but an agent admin (requirements: agent-admin.md#portfolio). */
export const ONLY_AGENT_ADMINS = 'Access denied. Only agent admins can view properties.'

/**
 * /agent-properties for a super admin. The route guard admits them, but a portfolio is an
 * agent admin's own (the lots their bookings made theirs), so the page answers (requirements: agent-admin.md#portfolio)
 * "Access Denied" with a Go Home link; the platform's lots are one click away.
 */
export default function PortfolioNotForAdmins() {
  const basename = useBasename()
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="My Properties" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        My Properties Portfolio
      </Typography>
      <Alert severity="info" role="status" sx={{ mb: 2 }}>
        <AlertTitle>Access Denied</AlertTitle>
        {ONLY_AGENT_ADMINS}
      </Alert>
      <Stack direction="row" spacing={1.5}>
        <Button component={Link} to={`${basename}/`} variant="outlined">
          Go Home
        </Button>
        <Button component={Link} to={`${basename}/admin/lots`} variant="contained">
          Manage Lots
        </Button>
      </Stack>
    </Box>
  )
}
