import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, Typography } from '@mui/material'
import type { PrivacyNotice } from './types'

interface PrivacyConsentFieldProps {
  notice: PrivacyNotice | undefined
  checked: boolean
  error?: string
  onChange: (checked: boolean) => void
}

/**
 * The PDPA notice of what the client's documents are used for and by whom, and the consent box
 * (docs/privacy.md, "Notice and choice"). The booking records the version shown; the backend
 * refuses a booking without consent.
 */
export function PrivacyConsentField({ notice, checked, error, onChange }: PrivacyConsentFieldProps) {
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Privacy notice
      </Typography>
      <Box
        role="region"
        aria-label="Privacy notice"
        tabIndex={0}
        sx={{ maxHeight: 180, overflowY: 'auto', bgcolor: 'action.hover', borderRadius: 1, p: 1.5, mb: 1 }}
      >
        {notice ? (
          notice.body.split(/\n{2,}/).map((paragraph, index) => (
            <Typography key={index} variant="body2" color="text.secondary" sx={{ mb: 1, '&:last-child': { mb: 0 } }}>
              {paragraph}
            </Typography>
          ))
        ) : (
          <Typography variant="body2">Loading the privacy notice…</Typography>
        )}
      </Box>
      <FormControl error={!!error} required>
        <FormControlLabel
          control={
            <Checkbox
              checked={checked}
              disabled={!notice}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { name: 'consent' } }}
            />
          }
          label={`The client has read the privacy notice${notice ? ` (version ${notice.version})` : ''} and consents to the documents being used as it describes.`}
        />
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    </Box>
  )
}
