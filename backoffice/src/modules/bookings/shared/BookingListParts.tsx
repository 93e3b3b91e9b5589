import { lazy, Suspense, useCallback, useEffect, useState, type ReactElement } from 'react'
import { Button as MuiButton, Stack, Tab, Tabs } from '@mui/material'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import VisibilityIcon from '@mui/icons-material/Visibility'
import { Button, useListContext, type Identifier } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import { useIsPhone } from '../../../hooks/useIsPhone'
import type { Booking, BookingAction } from '../types'
import type { BookingDecisionDialog as DecisionDialog } from './BookingDecisionDialog'
import type { BookingDetailsDialog as DetailsDialog } from './BookingDetailsDialog'
import { allowedChoices, type BookingSide } from './bookingSides'

// The dialogs (their forms, documents and history) are fetched when one first opens, so a list
// screen's code is only the list's.
const BookingDetailsDialog = lazy(() =>
  import('./BookingDetailsDialog').then((module) => ({ default: module.BookingDetailsDialog }))
) as unknown as typeof DetailsDialog
const BookingDecisionDialog = lazy(() =>
  import('./BookingDecisionDialog').then((module) => ({ default: module.BookingDecisionDialog }))
) as unknown as typeof DecisionDialog

/** Whether `open` has been true since mount: a dialog opened once stays mounted, to animate its closing. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

/** The booking a link names (`?booking=<id>`, as the notifications' links do), or null. */
export function linkedBookingId(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}

/**
 * A booking list's View Details and Process, on either side: `actions(booking)` is a row's
 * Action cell (Process only where the booking's `allowedActions` name a decision of the side),
 * `dialogs` the two dialogs they open. A link to the list naming a booking (`?booking=<id>`, a
 * notification's) opens that booking's details; closing them takes the parameter off the address.
 */
export function useBookingDialogs<Decision extends BookingAction>(side: BookingSide<Decision>) {
  const [searchParams, setSearchParams] = useSearchParams()
  const linked = linkedBookingId(searchParams.get('booking'))
  const [viewing, setViewing] = useState<Identifier | null>(linked)
  const [processing, setProcessing] = useState<Booking | null>(null)
  useEffect(() => {
    if (linked !== null) setViewing(linked)
  }, [linked])
  const detailsOpened = useOpenedOnce(viewing !== null)
  const decisionOpened = useOpenedOnce(processing !== null)
  const linkedInAddress = searchParams.has('booking')
  const closeDetails = useCallback(() => {
    setViewing(null)
    if (!linkedInAddress) return
    setSearchParams(
      (params) => {
        params.delete('booking')
        return params
      },
      { replace: true }
    )
  }, [linkedInAddress, setSearchParams])

  return {
    view: (booking: Booking) => setViewing(booking.id),
    actions: (booking: Booking) => (
      <Stack direction="row" spacing={0.5}>
        <RowAction label="View Details" icon={<VisibilityIcon />} onClick={() => setViewing(booking.id)} />
        {allowedChoices(side, booking).length > 0 && (
          <RowAction label="Process" icon={<TaskAltIcon />} onClick={() => setProcessing(booking)} emphasis />
        )}
      </Stack>
    ),
    dialogs: (
      // Each its own boundary: the decision dialog's code arriving does not hide the details.
      <>
        {detailsOpened && (
          <Suspense fallback={null}>
            <BookingDetailsDialog
              side={side}
              id={viewing}
              onClose={closeDetails}
              onProcess={(booking) => {
                closeDetails()
                setProcessing(booking)
              }}
            />
          </Suspense>
        )}
        {decisionOpened && (
          <Suspense fallback={null}>
            <BookingDecisionDialog side={side} booking={processing} onClose={() => setProcessing(null)} />
          </Suspense>
        )}
      </>
    ),
  }
}

/**
 * A row's action: react-admin's Button on wider screens; on a phone, where that Button keeps only
 * its icon, the label stays beside the icon (a booking card's View Details and Process).
 */
function RowAction({
  label,
  icon,
  onClick,
  emphasis = false,
}: {
  label: string
  icon: ReactElement
  onClick: () => void
  /** The card's main action, filled in. */
  emphasis?: boolean
}) {
  const isPhone = useIsPhone()
  return isPhone ? (
    <MuiButton variant={emphasis ? 'contained' : 'outlined'} startIcon={icon} onClick={onClick}>
      {label}
    </MuiButton>
  ) : (
    <Button label={label} onClick={onClick}>
      {icon}
    </Button>
  )
}

/** A booking list's status filter as tabs; the filter values are the backend's. */
export function StatusFilterTabs({ filters }: { filters: readonly { id: string; name: string }[] }) {
  const { filterValues, setFilters } = useListContext()
  const current = (filterValues.status as string | undefined) ?? 'all'
  return (
    <Tabs
      value={current}
      onChange={(_event, status: string) => setFilters({ ...filterValues, status }, {})}
      aria-label="Booking request status"
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {filters.map((filter) => (
        <Tab key={filter.id} value={filter.id} label={filter.name} />
      ))}
    </Tabs>
  )
}
