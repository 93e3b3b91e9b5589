import { useState, type MouseEvent } from 'react'
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material'
import NotificationsIcon from '@mui/icons-material/Notifications'
import { useBasename, useDataProvider, useGetIdentity, useGetList } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { useLiveChannel } from '@aero/shared/live-client'
import type { BackofficeDataProvider } from '../providers/dataProvider'

export interface NotificationRecord {
  id: number
  kind: string
  title: string
  body: string
  link: string | null
  read: boolean
  createdAt: string
}

const NEWEST = { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const } }
const UNREAD = { pagination: { page: 1, perPage: 1 }, sort: NEWEST.sort, filter: { unread: true } }

/** The person's notifications channel (backend/app/core/live.ts). */
export function userNotificationsChannel(userId: string | number | undefined): string | null {
  return userId === undefined || userId === '' ? null : `users/${userId}/notifications`
}

/**
 * Where opening a notification goes: the backend's `link` is a path on this origin. The
 * backoffice's routes keep their basename (react-admin's `basename` is a path prefix, not the
 * router's), so a backoffice link is navigated to whole, inside the app; any other link (the
 * storefront) is a full page load; no link stays put.
 */
export function notificationTarget(link: string | null, basename: string): { inApp: string } | { page: string } | null {
  if (!link) return null
  if (link === basename || link.startsWith(`${basename}/`) || link.startsWith(`${basename}?`)) return { inApp: link }
  return { page: link }
}

/**
 * The app bar's bell: the unread count (the backend counts), the newest notifications, open =
 * mark read and go to the booking or request, mark all read. A notification pushed on the
 * person's channel loads both again.
 */
export function NotificationBell() {
  const { identity } = useGetIdentity()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const navigate = useNavigate()
  const basename = useBasename()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  // The list is read when the bell is first opened (the count alone on every page load: one
  // request less before the page's own content); from then on it is kept fresh.
  const [opened, setOpened] = useState(false)
  const newest = useGetList<NotificationRecord>('notifications', NEWEST, { enabled: identity !== undefined && opened })
  const unread = useGetList<NotificationRecord>('notifications', UNREAD, { enabled: identity !== undefined })
  const reload = () => {
    if (opened) void newest.refetch()
    void unread.refetch()
  }
  useLiveChannel(userNotificationsChannel(identity?.id), reload, reload)
  const count = unread.total ?? 0

  const open = async (notification: NotificationRecord) => {
    setAnchor(null)
    if (!notification.read) await dataProvider.markNotificationRead(notification.id)
    reload()
    const target = notificationTarget(notification.link, basename)
    if (target && 'inApp' in target) navigate(target.inApp)
    else if (target) window.location.assign(target.page)
  }
  const readAll = async () => {
    await dataProvider.markAllNotificationsRead()
    reload()
  }

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setOpened(true)
          setAnchor(event.currentTarget)
        }}
      >
        <Badge
          badgeContent={count}
          color="error"
          max={9}
          slotProps={{ badge: { 'data-testid': 'bell-count' } as object }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 360, maxWidth: '90vw' }} role="region" aria-label="Notifications">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="subtitle1">Notifications</Typography>
            {count > 0 ? (
              <Button size="small" onClick={readAll}>
                Mark all read
              </Button>
            ) : null}
          </Box>
          <Divider />
          {newest.isPending ? (
            <Typography sx={{ p: 2 }} color="text.secondary" role="status">
              Loading notifications…
            </Typography>
          ) : newest.data?.length ? (
            <List dense disablePadding>
              {newest.data.map((notification) => (
                <ListItemButton
                  key={notification.id}
                  onClick={() => void open(notification)}
                  sx={notification.read ? undefined : { bgcolor: 'action.selected' }}
                >
                  <ListItemText
                    primary={notification.title}
                    secondary={notification.body}
                    slotProps={{ primary: { sx: { fontWeight: notification.read ? 400 : 600 } } }}
                  />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <Typography sx={{ p: 2 }} color="text.secondary">
              No notifications yet.
            </Typography>
          )}
        </Box>
      </Popover>
    </>
  )
}
