import { Avatar, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material'
import { Loading, Title, useGetOne } from 'react-admin'
import type { User } from '@aero/shared/user'
import { roleLabel } from '../../roles'
import { userInitial } from '../../format'
import EmailNotificationsSection from './EmailNotificationsSection'
import TwoFactorSection from './TwoFactorSection'
import PersonalDataSection from './PersonalDataSection'

/** Staff who may turn on two-step sign-in (the backend's TwoFactorPolicy decides). */
const TWO_FACTOR_ROLES = new Set(['agent_admin', 'admin', 'super_admin'])

const SUPER_ADMIN_ROLES = new Set(['admin', 'super_admin'])

/** The signed-in user's profile, read fresh from GET /api/users/me. */
export default function ProfilePage() {
  const { data: user, isPending, error } = useGetOne<User>('users', { id: 'me' })

  if (isPending) return <Loading />
  if (error || !user) {
    return (
      <Typography color="error" role="alert" sx={{ mt: 3 }}>
        Failed to load your profile information.
      </Typography>
    )
  }

  return (
    <>
      <Card sx={{ mt: 2, maxWidth: 640 }}>
        <Title title="My Profile" />
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'secondary.main', width: 56, height: 56, fontSize: 24 }}>
              {userInitial(user.name)}
            </Avatar>
            <div>
              <Typography variant="h5" component="h1">
                {user.name}
              </Typography>
              <Chip label={roleLabel(user.role)} color="primary" size="small" sx={{ mt: 0.5 }} />
            </div>
          </Stack>
          <Divider sx={{ mb: 2 }} />
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <ProfileField label="Name" value={user.name} />
            <ProfileField label="Email" value={user.email} />
            <ProfileField label="Phone" value={user.phone || 'Not provided'} />
            <ProfileField label="Role" value={roleLabel(user.role)} />
          </Stack>
        </CardContent>
      </Card>
      <EmailNotificationsSection />
      {TWO_FACTOR_ROLES.has(user.role) ? <TwoFactorSection /> : null}
      {/* A super admin's account is not deleted on request (PersonalDataPolicy): only the export. */}
      <PersonalDataSection canAskDeletion={!SUPER_ADMIN_ROLES.has(user.role)} />
    </>
  )
}

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0 }}>
        {value}
      </Typography>
    </div>
  )
}
