import { Avatar, Box, Typography } from '@mui/material'
import { useSidebarState } from 'react-admin'
import { userInitial } from '../format'
import { useBackofficeIdentity } from '../hooks/useBackofficeIdentity'
import { roleLabel } from '../roles'

/** Top of the admin sidebar (requirements: super-admin.md#sidebar): avatar initial, name, email and role label. */
export function SidebarHeader() {
  const { identity } = useBackofficeIdentity()
  const [open] = useSidebarState()
  if (!identity) return null

  return (
    <Box
      component="section"
      aria-label="Signed-in user"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: open ? 2 : 0.75,
        py: 2,
        mb: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Avatar sx={{ bgcolor: 'secondary.main', width: 40, height: 40 }} aria-hidden="true">
        {userInitial(identity.fullName)}
      </Avatar>
      {open && (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {identity.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {identity.email}
          </Typography>
          <Typography variant="caption" color="secondary" sx={{ fontWeight: 600 }}>
            {roleLabel(identity.role)}
          </Typography>
        </Box>
      )}
    </Box>
  )
}
