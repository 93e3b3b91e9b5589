import { useState, type MouseEvent } from 'react'
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material'
import EmailIcon from '@mui/icons-material/Email'
import FacebookIcon from '@mui/icons-material/Facebook'
import LinkIcon from '@mui/icons-material/Link'
import ShareIcon from '@mui/icons-material/Share'
import WhatsAppIcon from '@mui/icons-material/WhatsApp'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { useFlash } from '../../messages'
import type { BackofficeDataProvider } from '../../providers/dataProvider'
import { PORTFOLIO_KEY } from './queries'
import { SHARE_PLATFORMS, shareFailure } from './share'
import type { AgentProperty, SharePlatform } from './types'

const ICONS: Record<SharePlatform, typeof ShareIcon> = {
  whatsapp: WhatsAppIcon,
  facebook: FacebookIcon,
  email: EmailIcon,
  copy: LinkIcon,
}

/**
 * Share a catalogue entry on WhatsApp, Facebook, by email or as a copied link. The backend
 * counts the share and answers the platform's link around the public page.
 */
export function ShareMenu({ property, size = 'small' }: { property: AgentProperty; size?: 'small' | 'medium' }) {
  const flash = useFlash()
  const queryClient = useQueryClient()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)

  const sharing = useMutation({
    mutationFn: ({ platform }: { platform: SharePlatform; popup: Window | null }) =>
      dataProvider.shareProperty({ id: property.id, platform }),
    onSuccess: async (result, { platform, popup }) => {
      if (platform === 'copy') {
        await navigator.clipboard?.writeText(result.shareUrl).catch(() => undefined)
      } else if (platform === 'email') {
        window.location.href = result.shareUrl
      } else if (popup) {
        popup.location.href = result.shareUrl
      }
      flash.success(result.message)
      await queryClient.invalidateQueries({ queryKey: PORTFOLIO_KEY })
    },
    onError: (error, { popup }) => {
      popup?.close()
      flash.error(shareFailure(error))
    },
  })

  const share = (platform: SharePlatform) => {
    setAnchor(null)
    // The share window opens within the click (browsers block later ones); its address follows the answer.
    const popup = platform === 'whatsapp' || platform === 'facebook' ? window.open('about:blank', '_blank') : null
    if (popup) popup.opener = null
    sharing.mutate({ platform, popup })
  }

  return (
    <>
      <Button
        size={size}
        startIcon={<ShareIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        disabled={sharing.isPending}
        aria-haspopup="menu"
        aria-label={`Share ${property.displayName}`}
      >
        Share
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SHARE_PLATFORMS.map(({ id, label }) => {
          const Icon = ICONS[id]
          return (
            <MenuItem key={id} onClick={() => share(id)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          )
        })}
      </Menu>
    </>
  )
}
