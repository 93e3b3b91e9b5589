/** What the booking page's loader and action answer (app/routes/book.$lotId.tsx). */
import type {
  BookingField,
  BookingFileField,
  BookingRequester,
  BookingTextField,
} from '~/components/booking/booking-rules'
import type { MembershipResult } from '~/components/public/membership/membership-rules'
import type { LotStatus } from '~/components/public/lot-status'
import type { AgencySummary } from '~/models/agencies.server'
import type { FieldErrors } from '~/utils/validation'
import type { PrivacyNotice } from '~/components/booking/privacy-consent'
import type { BumiputeraView } from '~/utils/bumiputera'
import type { LotPackages } from '~/utils/packages'

export interface BookingLot {
  id: number
  lotNumber: string
  unitNumber: string | null
  title: string | null
  type: string
  typeCode: 'A' | 'B' | 'C' | null
  landSize: number
  builtUpArea: number | null
  price: number | null
  /** The price in force, exact, in sen. */
  priceSen: number | null
  status: LotStatus
  /** While a waitlist offer holds the lot: until when. */
  offeredUntil?: string | null
  /** A Bumiputera quota lot whose release is not recorded: only a verified Bumiputera buyer may book it. */
  bumiputeraReserved?: boolean
}

/** Why the form is not offered, when it is not. */
export type BookingBlock = 'not-member' | 'pending' | 'super-admin' | 'unavailable' | 'held'

export interface BookingPageData {
  lot: BookingLot
  requester: BookingRequester | null
  blocked: BookingBlock | null
  defaults: { name: string; email: string; phone: string }
  /** The privacy notice the form shows; null when no form is offered. */
  notice: PrivacyNotice | null
  /** For the membership form, when the user is not a member yet. */
  agencies: AgencySummary[]
  /** Where to go back to (the hub or a lot-type page). */
  returnTo: string
  /** The packages the requester may have on the lot; null when they could not be read. */
  packages?: LotPackages | null
  /** The requester's own Bumiputera status (they are the buyer on this form). */
  buyer?: BumiputeraView | null
}

export interface BookingResult {
  intent: 'booking'
  ok: boolean
  message: string | null
  fieldErrors: FieldErrors<BookingField>
  values: Record<BookingTextField, string>
  fileNames: Partial<Record<BookingFileField, string>>
  /** The packages ticked when it was sent. */
  packageIds?: number[]
  /** The backend said the user is not an approved agency member. */
  notMember: boolean
}

export type BookingActionData = BookingResult | MembershipResult
