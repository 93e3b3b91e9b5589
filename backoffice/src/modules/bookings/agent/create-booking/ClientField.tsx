import { useState } from 'react'
import { Button, Stack, TextField } from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { messageOf } from '../../../../messages'
import type { BackofficeDataProvider } from '../../../../providers/dataProvider'
import type { Client } from '../types'

export const CLIENT_EMAIL_REQUIRED = "Enter the client's full email address"
const CLIENT_HELP = "The client's full email address: only users with the role user can be booked for."

/**
 * The client booked for, named by their exact email and looked up on the server (GET
 * /api/users/lookup): the agent never browses other people's details, and the backend says
 * whether this person may be booked for (404 none, 403 with the reason).
 */
export function ClientField({
  client,
  loading,
  error,
  onChange,
}: {
  client: Client | null
  loading: boolean
  error: string | undefined
  onChange: (client: Client | null) => void
}) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const [identifier, setIdentifier] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const lookup = useMutation({
    mutationFn: (email: string) => dataProvider.lookupClient(email),
    onSuccess: (found) => {
      setProblem(null)
      setIdentifier('')
      onChange(found)
    },
    onError: (failure) => setProblem(messageOf(failure, 'The user could not be looked up. Please try again.')),
  })

  if (client) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="User"
          required
          fullWidth
          value={`${client.name} (${client.email})`}
          error={!!error}
          helperText={error}
          slotProps={{ input: { readOnly: true } }}
        />
        <Button onClick={() => onChange(null)} sx={{ mt: 1, flexShrink: 0 }}>
          Change user
        </Button>
      </Stack>
    )
  }

  const find = () => {
    const email = identifier.trim()
    if (!email) {
      setProblem(CLIENT_EMAIL_REQUIRED)
      return
    }
    lookup.mutate(email)
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="User's email"
        type="email"
        required
        fullWidth
        autoComplete="off"
        value={identifier}
        disabled={loading}
        onChange={(event) => {
          setIdentifier(event.target.value)
          setProblem(null)
        }}
        onKeyDown={(event) => {
          // Enter finds the user; it does not send the booking form.
          if (event.key !== 'Enter') return
          event.preventDefault()
          find()
        }}
        error={!!(problem ?? error)}
        helperText={problem ?? error ?? CLIENT_HELP}
      />
      <Button variant="outlined" onClick={find} disabled={lookup.isPending || loading} sx={{ mt: 1, flexShrink: 0 }}>
        Find user
      </Button>
    </Stack>
  )
}
