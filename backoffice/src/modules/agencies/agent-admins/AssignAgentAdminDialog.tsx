import { useState } from 'react'
import { Alert, Autocomplete, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { useDataProvider, useGetList, useRefresh } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { User } from '@aero/shared/user'
import type { Agency } from '../types'

export const SELECT_BOTH = 'Please select both an agency and a user'

/**
 * Only users with role user and without an approved agency membership
 * (requirements: super-admin.md#agent-admins-management)
 * are offered. The backend checks the same rule when it assigns.
 */
export function isEligibleAgentAdmin(user: Pick<User, 'role' | 'agencyStatus'>): boolean {
  return user.role === 'user' && user.agencyStatus !== 'approved'
}

export function AssignAgentAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const [agency, setAgency] = useState<Agency | null>(null)
  const [user, setUser] = useState<User | null>(null)
  const [search, setSearch] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const agencies = useGetList<Agency>(
    'admin/agencies',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { isActive: true } },
    { enabled: open }
  )
  const users = useGetList<User>(
    'admin/users',
    {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: { role: 'user', ...(search ? { q: search } : {}) },
    },
    { enabled: open }
  )
  const eligible = (users.data ?? []).filter(isEligibleAgentAdmin)

  const close = () => {
    setAgency(null)
    setUser(null)
    setSearch('')
    setProblem(null)
    onClose()
  }

  const assignment = useMutation({
    mutationFn: ({ agencyId, userId }: { agencyId: Agency['id']; userId: User['id'] }) =>
      dataProvider.assignAgentAdmin({ agencyId, userId }),
    onSuccess: (result) => {
      flash.success(result.message)
      close()
      refresh()
    },
    onError: (error) => flash.error(messageOf(error, 'Failed to assign agent admin')),
  })

  const assign = () => {
    if (!agency || !user) {
      setProblem(SELECT_BOTH)
      return
    }
    setProblem(null)
    assignment.mutate({ agencyId: agency.id, userId: user.id })
  }

  return (
    <ResponsiveDialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="assign-agent-admin-title">
      <DialogTitle id="assign-agent-admin-title">Assign Agent Admin</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {(agencies.error || users.error) && (
            <Alert severity="error">Failed to load agencies and users. Please try again later.</Alert>
          )}
          <Autocomplete
            options={agencies.data ?? []}
            loading={agencies.isPending}
            value={agency}
            onChange={(_event, value) => setAgency(value)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(params) => <TextField {...params} label="Agency" />}
          />
          <Autocomplete
            options={eligible}
            loading={users.isPending}
            value={user}
            onChange={(_event, value) => setUser(value)}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input') setSearch(value)
            }}
            filterOptions={(options) => options}
            getOptionLabel={(option) => `${option.name} (${option.email})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText="No eligible users"
            renderInput={(params) => (
              <TextField {...params} label="User" helperText="Users with role user and no approved agency membership" />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={assign} disabled={assignment.isPending}>
          Assign
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  )
}
