import type { ReactNode } from 'react'
import { Box, List, ListItem, Stack, Typography, type SxProps, type Theme } from '@mui/material'
import type { Identifier } from 'react-admin'

/**
 * How one record reads on a phone, in place of a table row (react-admin's SimpleList texts):
 * `primary` names it, `secondary` holds the few facts that matter, `tertiary` its status chip,
 * `actions` the row's buttons, under the texts within a thumb's reach.
 */
export interface RecordCard<T> {
  primary: (record: T) => ReactNode
  /** One line, or several (an array: one line each, empty ones left out). */
  secondary?: (record: T) => ReactNode
  tertiary?: (record: T) => ReactNode
  actions?: (record: T) => ReactNode
  /** The row's highlight, as the table's `rowSx` gives it. */
  sx?: (record: T) => SxProps<Theme>
}

/** Tap targets of at least 44 px, wrapping to a second line rather than leaving the screen. */
const ACTIONS_SX: SxProps<Theme> = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
  mt: 1,
  '& .MuiButtonBase-root, & .MuiInputBase-root': { minHeight: 44, minWidth: 44 },
}

function lines(text: ReactNode): ReactNode {
  if (!Array.isArray(text)) return text
  return text
    .filter((line) => line !== null && line !== undefined && line !== '' && line !== false)
    .map((line, index) => <div key={index}>{line}</div>)
}

/** Records as a list of cards, a phone's table: one card per record, its actions under its texts. */
export function RecordCards<T extends { id: Identifier }>({
  label,
  records,
  card,
}: {
  /** The list's accessible name, the table's label. */
  label: string
  records: readonly T[]
  card: RecordCard<T>
}) {
  return (
    <List aria-label={label} disablePadding>
      {records.map((record) => {
        const highlight = card.sx?.(record) ?? []
        const actions = card.actions?.(record)
        return (
          <ListItem
            key={record.id}
            divider
            sx={[{ display: 'block', py: 1.5 }, ...(Array.isArray(highlight) ? highlight : [highlight])]}
          >
            {/* The status and clocks sit beside the name while they fit, under it when they do not. */}
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <Typography component="div" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                {card.primary(record)}
              </Typography>
              {card.tertiary && <Box sx={{ flexShrink: 0, maxWidth: '100%' }}>{card.tertiary(record)}</Box>}
            </Stack>
            {card.secondary && (
              <Typography
                component="div"
                variant="body2"
                color="text.secondary"
                sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
              >
                {lines(card.secondary(record))}
              </Typography>
            )}
            {actions ? <Box sx={ACTIONS_SX}>{actions}</Box> : null}
          </ListItem>
        )
      })}
    </List>
  )
}
