import { Fragment, useState, type ReactNode } from 'react'
import {
  Alert,
  Button as MuiButton,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Button, useDataProvider } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'

export interface DevelopmentSettingsProps<T extends { id: number | string }> {
  /** The Lots page's button, and the dialog's title. */
  label: string
  title: string
  icon: ReactNode
  /** The query's key (a row's save invalidates it) and how the developments' settings are read. */
  queryKey: string
  load: (dataProvider: BackofficeDataProvider) => Promise<T[]>
  loadFailed: string
  /** What the setting does, above the rows. */
  intro: ReactNode
  /** One development's row (its own form and save). */
  row: (development: T) => ReactNode
  spacing?: number
}

/**
 * A per-development setting of the Lots page (super admins): a button opening a dialog that
 * lists each development with its own form (Hold length, Approval targets, Waitlist window).
 */
export function DevelopmentSettingsButton<T extends { id: number | string }>(props: DevelopmentSettingsProps<T>) {
  const [open, setOpen] = useState(false)
  const titleId = `${props.queryKey}-title`
  return (
    <>
      <Button label={props.label} onClick={() => setOpen(true)}>
        <>{props.icon}</>
      </Button>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent dividers>{open && <DevelopmentSettings {...props} />}</DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Close</MuiButton>
        </DialogActions>
      </ResponsiveDialog>
    </>
  )
}

function DevelopmentSettings<T extends { id: number | string }>({
  queryKey,
  load,
  loadFailed,
  intro,
  row,
  spacing = 2,
}: DevelopmentSettingsProps<T>) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const settings = useQuery({ queryKey: [queryKey], queryFn: () => load(dataProvider) })
  if (settings.isPending) return <CircularProgress size={24} />
  if (settings.error) return <Alert severity="error">{messageOf(settings.error, loadFailed)}</Alert>
  return (
    <Stack spacing={spacing}>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
      {settings.data.map((development) => (
        <Fragment key={development.id}>{row(development)}</Fragment>
      ))}
    </Stack>
  )
}

/** A development's name, with what is in force under it ("Default (15 minutes)", "Set to 2 hours"). */
export function DevelopmentName({ name, inForce }: { name: string; inForce: string }) {
  return (
    <Typography sx={{ flex: 1, pt: { sm: 1 } }}>
      {name}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {inForce}
      </Typography>
    </Typography>
  )
}
