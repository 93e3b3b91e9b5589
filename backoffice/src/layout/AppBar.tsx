import { Button } from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { AppBar as RaAppBar, LoadingIndicator, Logout, UserMenu } from 'react-admin'
import { STOREFRONT_HOME } from '../providers/authProvider'

/** react-admin's app bar with a way back to the storefront, which is outside this SPA. */
export function AppBar() {
  return (
    <RaAppBar
      color="primary"
      toolbar={
        <>
          {/* A plain link: the storefront is a full page navigation, not a route of this app. */}
          <Button color="inherit" href={STOREFRONT_HOME} startIcon={<ArrowBackIcon />}>
            Back to site
          </Button>
          <LoadingIndicator />
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
