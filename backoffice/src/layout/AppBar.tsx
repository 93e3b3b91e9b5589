import { Button, IconButton } from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { AppBar as RaAppBar, LoadingIndicator, Logout, UserMenu } from 'react-admin'
import { useIsPhone } from '../hooks/useIsPhone'
import { STOREFRONT_HOME } from '../providers/authProvider'
import { NotificationBell } from './NotificationBell'

/** react-admin's app bar with a way back to the storefront, which is outside this SPA. */
export function AppBar() {
  // On a phone the way back keeps its name but leaves the bar's width to the page title.
  const isPhone = useIsPhone()
  return (
    <RaAppBar
      color="primary"
      toolbar={
        <>
          {/* A plain link: the storefront is a full page navigation, not a route of this app. */}
          {isPhone ? (
            <IconButton color="inherit" href={STOREFRONT_HOME} aria-label="Back to site">
              <ArrowBackIcon />
            </IconButton>
          ) : (
            <Button color="inherit" href={STOREFRONT_HOME} startIcon={<ArrowBackIcon />}>
              Back to site
            </Button>
          )}
          <LoadingIndicator />
          <NotificationBell />
        </>
      }
      userMenu={
        <UserMenu>
          <Logout />
        </UserMenu>
      }
    />
  )
}
