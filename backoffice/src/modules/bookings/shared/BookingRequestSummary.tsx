import type { ComponentType } from 'react'
import { Divider, Grid } from '@mui/material'
import { bookingReference, formatArea, formatDateTime, formatRM, formatSen, lotBadge } from '../../../format'
import { bookingClient } from '../agent/agentStatus'
import { bookedItem, type Booking } from '../types'
import { Detail, Section } from './BookingDetailParts'

/** A status chip as the reader's side words it (the agent's "Forwarded to Admin", the admin's "Pending Admin Approval"). */
export type BookingStatusBadgeComponent = ComponentType<{ status: string | null | undefined }>

/**
 * What a booking request is about (requirements: agent-admin.md#booking-request-details): Property Information,
 * Client Information and
 * Request Details. The details dialogs and the decision dialogs of both sides show it.
 */
export function BookingRequestSummary({
  booking,
  StatusBadge,
}: {
  booking: Booking
  StatusBadge: BookingStatusBadgeComponent
}) {
  const item = bookedItem(booking)
  const client = bookingClient(booking)
  return (
    <>
      <Section title="Property Information">
        <Grid container spacing={1.5}>
          <Detail label="Property" value={booking.propertyName} />
          <Detail
            label="Unit / Lot"
            value={[item?.unitNumber, item?.lotNumber && `Lot ${item.lotNumber}`].filter(Boolean).join(' · ')}
          />
          <Detail label="Type" value={item?.type} />
          <Detail label="Phase" value={item?.phase} />
          <Detail label="Price" value={formatRM(item?.price)} />
          {booking.discountSen ? (
            <>
              <Detail
                label="Packages"
                value={(booking.packages ?? [])
                  .map((applied) => `${applied.name} (-${formatSen(applied.discountSen)})`)
                  .join(' · ')}
              />
              <Detail label="Net Price" value={formatSen(booking.netPriceSen)} />
            </>
          ) : null}
          <Detail label="Land Area" value={formatArea(item?.landSize)} />
          <Detail label="Built-up Area" value={formatArea(item?.buildUp)} />
          <Detail label="Lot Status" value={item ? lotBadge(item.status).label : null} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Client Information">
        <Grid container spacing={1.5}>
          <Detail label="Name" value={client.name} />
          <Detail label="Email" value={client.email} />
          <Detail label="Phone" value={client.phone} />
          <Detail label="Agency" value={booking.agency?.name} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Request Details">
        <Grid container spacing={1.5}>
          <Detail label="Status" value={<StatusBadge status={booking.status} />} />
          <Detail label="Request Date" value={formatDateTime(booking.createdAt)} />
          <Detail
            label="Requested By"
            value={`${booking.creatorName ?? 'N/A'}${booking.createdBy === 'agent' ? ' (agent)' : ''}`}
          />
          <Detail
            label="Contact"
            value={[booking.creatorEmail, booking.contactPhone ?? booking.creatorPhone].filter(Boolean).join(' · ')}
          />
          <Detail label="Booking ID" value={bookingReference(booking.id)} />
          <Detail label="Message" value={booking.requestMessage} wide />
        </Grid>
      </Section>
    </>
  )
}
