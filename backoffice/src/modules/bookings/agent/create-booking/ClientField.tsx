import { Autocomplete, TextField } from '@mui/material'
import type { Client } from '../types'

/** The client booked for: users of role user, searched by name or email. */
export function ClientField({
  options,
  client,
  loading,
  error,
  onSearch,
  onChange,
}: {
  options: Client[]
  client: Client | null
  loading: boolean
  error: string | undefined
  onSearch: (text: string) => void
  onChange: (client: Client | null) => void
}) {
  return (
    <Autocomplete<Client>
      options={options}
      value={client}
      loading={loading}
      filterOptions={(all) => all}
      getOptionLabel={(option) => `${option.name} (${option.email})`}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onInputChange={(_event, text, reason) => onSearch(reason === 'input' ? text : '')}
      onChange={(_event, selected) => onChange(selected)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="User"
          required
          placeholder="Search by name or email"
          error={!!error}
          helperText={error ?? 'Only users with the role user can be booked for.'}
        />
      )}
    />
  )
}
