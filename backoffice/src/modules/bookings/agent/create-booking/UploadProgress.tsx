import { Box, LinearProgress, Typography } from '@mui/material'
import { useId } from 'react'

/** How much of the booking's one multipart request has gone (the IC photos take a while on a phone). */
export function UploadProgress({ uploaded }: { uploaded: number }) {
  const labelId = useId()
  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ display: 'flex', justifyContent: 'space-between' }}>
        {uploaded < 100 ? 'Uploading the booking' : 'Uploaded; waiting for the answer'}
        <span aria-hidden="true">{uploaded}%</span>
      </Typography>
      <LinearProgress variant="determinate" value={uploaded} aria-labelledby={labelId} />
    </Box>
  )
}
