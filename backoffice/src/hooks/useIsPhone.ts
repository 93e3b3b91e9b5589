import { useMediaQuery, useTheme } from '@mui/material'

/**
 * Below the `sm` breakpoint: the backoffice on a phone, where lists become cards and dialogs
 * fill the screen. Read at once (`noSsr`), so a phone never renders the desktop table first.
 */
export function useIsPhone(): boolean {
  const theme = useTheme()
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
}
