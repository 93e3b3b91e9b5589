import { Avatar, Card, CardContent, Stack, Typography } from '@mui/material'
import { useBackofficeIdentity } from '../../hooks/useBackofficeIdentity'
import { roleLabel } from '../../roles'
import { userInitial } from '../../format'

/** Dashboard card: who is signed in. */
export default function SignedInCard() {
  const { identity } = useBackofficeIdentity()
  if (!identity) return null

  return (
    <Card sx={{ minWidth: 280, width: { xs: '100%', sm: 'auto' } }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          Signed in as
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>{userInitial(identity.fullName)}</Avatar>
          <div>
            <Typography variant="subtitle1" component="p">
              {identity.fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {identity.email}
            </Typography>
            <Typography variant="body2" color="primary">
              {roleLabel(identity.role)}
            </Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  )
}
