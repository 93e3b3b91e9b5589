import { Dialog, type DialogProps, type SxProps, type Theme } from '@mui/material'
import { Confirm, type ConfirmProps } from 'react-admin'
import { useIsPhone } from '../hooks/useIsPhone'

/** On a phone a dialog fills the screen, its buttons 44 px tall for a thumb. */
function usePhoneDialog(sx: SxProps<Theme> | undefined) {
  const isPhone = useIsPhone()
  if (!isPhone) return { fullScreen: false, sx }
  const own = sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]
  return {
    fullScreen: true,
    sx: [{ '& .MuiButton-root, & .MuiIconButton-root': { minWidth: 44, minHeight: 44 } }, ...own],
  }
}

/** MUI's Dialog, full screen on a phone. */
export function ResponsiveDialog({ sx, ...props }: DialogProps) {
  return <Dialog {...usePhoneDialog(sx)} {...props} />
}

/** react-admin's Confirm (a confirmation), full screen on a phone. */
export function ResponsiveConfirm({ sx, ...props }: ConfirmProps) {
  return <Confirm {...usePhoneDialog(sx)} {...props} />
}
