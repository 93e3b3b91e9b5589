import type { ReactNode } from 'react'
import { Box, Grid, Typography } from '@mui/material'

/** A titled part of a booking dialog, named for assistive technology by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** One labelled value; an empty value reads N/A. */
export function Detail({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line' }}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Typography>
    </Grid>
  )
}
