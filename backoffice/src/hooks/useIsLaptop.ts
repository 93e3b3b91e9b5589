import { useMediaQuery, useTheme } from '@mui/material'

/**
 * Below the `xl` breakpoint (1536 px): a laptop (or a tablet) beside the sidebar, where the widest
 * lists fold a few columns into their neighbours so that every row's actions stay on screen.
 * Read at once (`noSsr`), as useIsPhone is.
 */
export function useIsLaptop(): boolean {
  const theme = useTheme()
  return useMediaQuery(theme.breakpoints.down('xl'), { noSsr: true })
}
