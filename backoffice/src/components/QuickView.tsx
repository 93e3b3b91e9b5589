import type { ReactNode } from 'react'
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material'
import { useBasename, useGetList, type RaRecord, type SortPayload } from 'react-admin'
import { Link } from 'react-router-dom'

interface QuickViewItem {
  key: string | number
  primary: ReactNode
  secondary?: ReactNode
  aside?: ReactNode
}

interface QuickViewProps {
  title: string
  items: QuickViewItem[]
  total?: number
  loading: boolean
  failed: boolean
  failureText: string
  emptyText: string
  linkLabel: string
  /** A path inside the backoffice. */
  to: string
}

/** A dashboard card listing the first few records of a screen, with a link to the screen. */
function QuickView({ title, items, total, loading, failed, failureText, emptyText, linkLabel, to }: QuickViewProps) {
  const basename = useBasename()
  return (
    <Card sx={{ width: '100%', maxWidth: 720 }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
          {total !== undefined && ` (${total})`}
        </Typography>
        {loading ? (
          <CircularProgress size={20} sx={{ mt: 2 }} />
        ) : failed ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failureText}
          </Alert>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {emptyText}
          </Typography>
        ) : (
          <List dense>
            {items.map((item) => (
              <ListItem key={item.key} secondaryAction={item.aside} divider>
                <ListItemText primary={item.primary} secondary={item.secondary} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={Link} to={`${basename}${to}`} size="small">
          {linkLabel}
        </Button>
      </CardActions>
    </Card>
  )
}

/** A QuickView of a resource's first ten records, as `sort` and `filter` pick them. */
export function ResourceQuickView<T extends RaRecord>({
  resource,
  sort,
  filter,
  item,
  ...card
}: Omit<QuickViewProps, 'items' | 'total' | 'loading' | 'failed'> & {
  resource: string
  sort: SortPayload
  filter?: Record<string, unknown>
  /** How one record reads in the list. */
  item: (record: T) => Omit<QuickViewItem, 'key'>
}) {
  const { data, total, isPending, error } = useGetList<T>(resource, {
    pagination: { page: 1, perPage: 10 },
    sort,
    filter,
  })
  return (
    <QuickView
      {...card}
      total={total}
      loading={isPending}
      failed={!!error}
      items={(data ?? []).map((record) => ({ key: record.id, ...item(record) }))}
    />
  )
}
