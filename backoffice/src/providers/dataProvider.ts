import simpleRestProvider from 'ra-data-simple-rest'
import {
  HttpError,
  type DataProvider,
  type GetListParams,
  type Identifier,
  type RaRecord,
  type SortPayload,
} from 'react-admin'
import type { ResourceEndpoint } from '../plugins/types'
import { httpClient, type HttpClient } from './http'
import type { User } from '@aero/shared/user'
import type { MembershipDecision, MembershipRequest, MembershipRequestStatus } from '../modules/agencies/agent/types'
import type {
  AgentBookingAction,
  BookableItem,
  BookableKind,
  ClientBookingInput,
} from '../modules/bookings/agent/types'
import type { AgentDashboardFigures } from '../modules/dashboards/agent/types'
import type { ApprovalTimes } from '../modules/bookings/queue'
import type { LotImportReport } from '../modules/inventory/types'
import type { PrivacyNotice } from '../modules/bookings/privacy/types'
import type { Booking, DocumentReviewStatus } from '../modules/bookings/types'
import type { DevelopmentWaitlistWindow, LotWaitlistEntry } from '../modules/waitlist/types'
import {
  feeForm,
  reportQuery,
  type BookingFee,
  type BookingFeeInput,
  type FeesReport,
  type FeesReportQuery,
} from '../modules/bookings/fees/types'
import type {
  CatalogueEntryInput,
  OwnedProperty,
  Portfolio,
  PortfolioQuery,
  SharePlatform,
  ShareResult,
} from '../modules/portfolio/types'

export const API_URL = '/api'

/** GET /api/dashboard/admin: the super admin's overview figures, counted by the backend. */
export interface AdminDashboardFigures {
  totalAgencies: number
  totalUsers: number
  agentAdmins: number
  bookingRequests: number
  pendingApproval: number
  pendingMembershipRequests: number
  newContactMessages: number
  approvalTimes?: ApprovalTimes
}

/** GET /api/notifications/preferences: whether each kind of notification is also emailed. */
export interface EmailPreference {
  kind: string
  label: string
  email: boolean
}

/** GET /api/developments/time-limits: each approval tier's target time, per development (minutes). */
export interface DevelopmentTimeLimits {
  id: Identifier
  name: string
  agentTargetMinutes: number
  developerTargetMinutes: number
}

/** GET /api/developments/holds: how long a pending booking holds its lot, per development. */
export interface DevelopmentHold {
  id: number
  name: string
  holdMinutes: number | null
  defaultHoldMinutes: number
  effectiveHoldMinutes: number
}

/** A list the backend answers as an array, or as `{ data }`. */
type Listed<T> = T[] | { data: T[] }
type WaitlistWindows = Listed<DevelopmentWaitlistWindow>
type LotWaitlist = Listed<LotWaitlistEntry>

function listOf<T>(answer: Listed<T>): T[] {
  return Array.isArray(answer) ? answer : answer.data
}

/** GET /api/users/stats. */
export interface UserStatistics {
  total: number
  byRole: Record<User['role'], number>
}

/** A development (the spec's "property"): GET /api/properties. */
export interface Development {
  id: number
  slug: string
  name: string
  location: string | null
  phase: number | null
  availableCount?: number
}

/** The super admin's three decisions on a booking (requirements: booking.md#admin-processing). */
export type BookingDecision = 'booked' | 'sold' | 'reject'

/** What PUT /api/bookings/:id/status-update is sent for each decision. */
export const STATUS_FOR_DECISION: Record<BookingDecision, 'approved' | 'sold' | 'rejected'> = {
  booked: 'approved',
  sold: 'sold',
  reject: 'rejected',
}

export interface FieldError {
  field: string
  message: string
}

/** The answer of an action endpoint: its message for the user, and the record it changed. */
export type ActionResult<T = Record<string, unknown>> = T & { message: string }

/**
 * react-admin forms show server-side errors given as `{ field: message }`; the backend's one
 * error shape lists them as `[{ field, message }]`.
 */
function withFormErrors(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error
  const body = error.body as { message?: string; errors?: unknown } | undefined
  if (!Array.isArray(body?.errors)) return error
  const fieldErrors = body.errors as FieldError[]
  const errors = Object.fromEntries(fieldErrors.map(({ field, message }) => [field, message]))
  return new HttpError(error.message, error.status, { ...body, errors, fieldErrors })
}

/**
 * The backoffice's one data provider: ra-data-simple-rest on /api (the backend's resource
 * endpoints speak its dialect), with resource names mapped to their endpoints, and named
 * methods for the actions that are not CRUD. Screens reach the methods with
 * `useDataProvider<BackofficeDataProvider>()`; they never call fetch.
 */
export function createDataProvider({
  endpoints = {},
  http = httpClient,
}: { endpoints?: Record<string, ResourceEndpoint>; http?: HttpClient } = {}) {
  const rest = simpleRestProvider(API_URL, http)
  const list = (resource: string) => endpoints[resource]?.list ?? resource
  const record = (resource: string) => endpoints[resource]?.record ?? list(resource)
  const json = async <T>(path: string, init?: RequestInit) => (await http(`${API_URL}${path}`, init)).json as T

  /** A list paged by `page` and `perPage`, answered as `{ data, total }`. */
  const pagedList = async <T extends RaRecord>(resource: string, { pagination }: GetListParams) => {
    const page = pagination?.page ?? 1
    const perPage = pagination?.perPage ?? 25
    const answer = await json<{ data: T[]; total: number }>(
      `/${list(resource)}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`
    )
    return { data: answer.data, total: answer.total }
  }

  const resources: DataProvider = {
    getList: <T extends RaRecord>(resource: string, params: GetListParams) =>
      endpoints[resource]?.paging === 'page' ? pagedList<T>(resource, params) : rest.getList<T>(list(resource), params),
    getOne: (resource, params) => rest.getOne(record(resource), params),
    getMany: (resource, params) => rest.getMany(list(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(list(resource), params),
    create: (resource, params) =>
      rest.create(record(resource), params).catch((error) => {
        throw withFormErrors(error)
      }),
    update: (resource, params) =>
      rest.update(record(resource), params).catch((error) => {
        throw withFormErrors(error)
      }),
    updateMany: (resource, params) => rest.updateMany(record(resource), params),
    delete: (resource, params) => rest.delete(record(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(record(resource), params),
  }

  return {
    ...resources,

    getAdminDashboard: () => json<AdminDashboardFigures>('/dashboard/admin'),

    /** The active developments, for the lot form's property and the lots filter. */
    getDevelopments: () => json<Development[]>('/properties'),

    /** The privacy notice the booking forms show (public), and a super admin's new version of it. */
    getPrivacyNotice: () => json<PrivacyNotice>('/privacy-notice'),
    savePrivacyNotice: (body: string) =>
      json<ActionResult<PrivacyNotice>>('/privacy-notice', { method: 'PUT', body: JSON.stringify({ body }) }),

    getUserStatistics: () => json<UserStatistics>('/users/stats'),

    /** The bell: one of my notifications read (answers the new unread count), or all of them. */
    markNotificationRead: (id: Identifier) =>
      json<{ id: number; link: string | null; unread: number }>(`/notifications/${encodeURIComponent(id)}/read`, {
        method: 'PUT',
      }),
    markAllNotificationsRead: () => json<{ unread: number }>('/notifications/read-all', { method: 'POST' }),

    /** My Profile's email switches: one per kind of notification I can receive (the backend lists them). */
    getEmailPreferences: () => json<EmailPreference[]>('/notifications/preferences'),
    saveEmailPreferences: (preferences: Array<Pick<EmailPreference, 'kind' | 'email'>>) =>
      json<EmailPreference[]>('/notifications/preferences', { method: 'PUT', body: JSON.stringify({ preferences }) }),

    /** A failed background job run again (super admins). */
    retryFailedJob: (id: Identifier) =>
      json<{ jobId: string }>(`/admin/jobs/failed/${encodeURIComponent(id)}/retry`, { method: 'POST' }),

    /** An agency's agent admins and approved members. */
    getAgencyPeople: (agencyId: Identifier) => json<User[]>(`/agencies/${encodeURIComponent(agencyId)}/users`),

    assignAgentAdmin: ({ agencyId, userId }: { agencyId: Identifier; userId: Identifier }) =>
      json<ActionResult<User>>(`/agencies/${encodeURIComponent(agencyId)}/agent-admins`, {
        method: 'POST',
        body: JSON.stringify({ userId: Number(userId) }),
      }),

    removeAgentAdmin: ({ agencyId, userId }: { agencyId: Identifier; userId: Identifier }) =>
      json<ActionResult<User>>(`/agencies/${encodeURIComponent(agencyId)}/agent-admins/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),

    /** A pending booking's hold extended once, with a reason (agent admin of its agency, super admin). */
    extendBookingHold: ({ id, minutes, reason }: { id: Identifier; minutes: number; reason: string }) =>
      json<ActionResult & { heldUntil: string }>(`/bookings/${encodeURIComponent(id)}/extend-hold`, {
        method: 'POST',
        body: JSON.stringify({ minutes, reason }),
      }),

    /**
     * PUT /api/bookings/:id/documents/:documentId/review (issue 19): the reviewer of the booking's
     * tier accepts a document, or rejects it with a reason. Answers the booking as GET /api/bookings/:id.
     */
    reviewBookingDocument: ({
      id,
      documentId,
      status,
      reason,
    }: {
      id: Identifier
      documentId: Identifier
      status: Exclude<DocumentReviewStatus, 'pending'>
      reason?: string
    }) =>
      json<Booking & { message?: string }>(
        `/bookings/${encodeURIComponent(id)}/documents/${encodeURIComponent(documentId)}/review`,
        {
          method: 'PUT',
          body: JSON.stringify(status === 'rejected' ? { status, reason: reason?.trim() ?? '' } : { status }),
        }
      ),

    /** Each development's hold length (super admins); null restores the default. */
    getDevelopmentHolds: () => json<DevelopmentHold[]>('/developments/holds'),
    saveDevelopmentHold: ({ id, holdMinutes }: { id: Identifier; holdMinutes: number | null }) =>
      json<DevelopmentHold & { message: string }>(`/developments/${encodeURIComponent(id)}/hold`, {
        method: 'PUT',
        body: JSON.stringify({ holdMinutes }),
      }),

    /** Each development's waitlist priority window (super admins, issue 19), and a new one in minutes. */
    getDevelopmentWaitlistWindows: async () => listOf(await json<WaitlistWindows>('/developments')),
    saveWaitlistWindow: ({ id, minutes }: { id: Identifier; minutes: number }) =>
      json<Partial<DevelopmentWaitlistWindow> & { message?: string }>(
        `/developments/${encodeURIComponent(id)}/waitlist-window`,
        { method: 'PUT', body: JSON.stringify({ minutes }) }
      ),

    /** GET /api/lots/:lotId/waitlist: a lot's whole line, in order (super admins). */
    getLotWaitlist: async (lotId: Identifier) =>
      listOf(await json<LotWaitlist>(`/lots/${encodeURIComponent(lotId)}/waitlist`)),

    /** Each development's approval targets (super admins): the agent admin's and the developer's tier. */
    getDevelopmentTimeLimits: () => json<DevelopmentTimeLimits[]>('/developments/time-limits'),
    saveDevelopmentTimeLimits: ({ id, ...targets }: DevelopmentTimeLimits) =>
      json<DevelopmentTimeLimits & { message: string }>(`/developments/${encodeURIComponent(id)}/time-limits`, {
        method: 'PUT',
        body: JSON.stringify({
          agentTargetMinutes: targets.agentTargetMinutes,
          developerTargetMinutes: targets.developerTargetMinutes,
        }),
      }),

    /** The super admin processes a booking: booked, sold or reject, with optional notes. */
    processBooking: ({ id, decision, notes }: { id: Identifier; decision: BookingDecision; notes?: string }) =>
      json<ActionResult>(`/bookings/${encodeURIComponent(id)}/status-update`, {
        method: 'PUT',
        body: JSON.stringify({ status: STATUS_FOR_DECISION[decision], message: notes?.trim() || null }),
      }),

    /**
     * GET /api/lots/export: the lots as the list shows them (its filter and sort), every page, in
     * the columns the import reads.
     */
    exportLots: async ({ filter, sort }: { filter: Record<string, unknown>; sort: SortPayload }) => {
      const query = new URLSearchParams({
        filter: JSON.stringify(filter),
        sort: JSON.stringify([sort.field, sort.order]),
      })
      return (await http(`${API_URL}/lots/export?${query}`)).body
    },

    /** GET /api/audit-entries/export.csv: every audit entry the list's filter selects, newest first. */
    exportAuditEntries: async ({ filter }: { filter: Record<string, unknown> }) =>
      (await http(`${API_URL}/audit-entries/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`))
        .body,

    /** GET /api/lots/import/template: the export's header row and an example lot. */
    getLotImportTemplate: async () => (await http(`${API_URL}/lots/import/template`)).body,

    /** POST /api/lots/import/preview: what each row of the file would do; nothing is written. */
    previewLotImport: (file: File) =>
      json<LotImportReport>('/lots/import/preview', { method: 'POST', body: csvForm(file) }),

    /**
     * POST /api/lots/import: every row applied in one transaction. A refusal is an HttpError
     * whose body lists the refused rows (`rows`); then nothing was written.
     */
    importLots: (file: File) => json<LotImportReport>('/lots/import', { method: 'POST', body: csvForm(file) }),

    /** GET /api/dashboard/agent: the agent admin's own agency and its counts. */
    getAgentDashboard: () => json<AgentDashboardFigures>('/dashboard/agent'),

    /** An agent admin takes a member out of their agency (never themselves; the backend checks). */
    removeAgencyMember: ({ agencyId, userId }: { agencyId: Identifier; userId: Identifier }) =>
      json<ActionResult<User>>(`/agencies/${encodeURIComponent(agencyId)}/users/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),

    /** The membership requests of the agent admin's agency (the backend scopes them), pending by default. */
    getMembershipRequests: ({ status = 'pending' }: { status?: MembershipRequestStatus | 'all' } = {}) =>
      json<MembershipRequest[]>(`/users/agency-requests?${new URLSearchParams({ status })}`),

    decideMembershipRequest: ({ userId, decision }: { userId: Identifier; decision: MembershipDecision }) =>
      json<ActionResult<{ request: MembershipRequest }>>(
        `/users/${encodeURIComponent(userId)}/agency-request/${decision}`,
        { method: 'PUT', body: JSON.stringify({}) }
      ),

    /** The agent admin approves (forwards to the super admins) or rejects a member's booking request. */
    respondToBooking: ({
      id,
      action,
      agentNotes,
    }: {
      id: Identifier
      action: AgentBookingAction
      agentNotes?: string | null
    }) =>
      json<ActionResult>(`/bookings/${encodeURIComponent(id)}/agent-response`, {
        method: 'PUT',
        body: JSON.stringify({ action, agentNotes: agentNotes?.trim() || null }),
      }),

    /**
     * The available lots or units of a development, for the create-booking form (only available ones are
     * offered; requirements: booking.md#create-booking-for-a-client), filtered and in natural number order by
     * the backend.
     */
    getAvailableItems: ({ propertyId, kind }: { propertyId: Identifier; kind: BookableKind }) =>
      kind === 'unit'
        ? json<BookableItem[]>(`/public/properties/${encodeURIComponent(propertyId)}/units`)
        : json<BookableItem[]>(
            `/lots?${new URLSearchParams({
              propertyId: String(propertyId),
              kind: 'lot',
              filter: JSON.stringify({ status: 'available' }),
              sort: JSON.stringify(['lotNumber', 'ASC']),
              range: JSON.stringify([0, 99]),
            })}`
          ),

    /** POST /api/bookings: one multipart request with the identity documents, if any. */
    createClientBooking: (input: ClientBookingInput) =>
      json<ActionResult<{ id: Identifier; status: string }>>('/bookings', {
        method: 'POST',
        body: clientBookingForm(input),
      }),

    getPortfolio: (query: PortfolioQuery = {}) => {
      const params = new URLSearchParams()
      if (query.search?.trim()) params.set('search', query.search.trim())
      if (query.status && query.status !== 'all') params.set('status', query.status)
      if (query.sort) params.set('sort', query.sort)
      const search = params.toString()
      return json<Portfolio>(`/agent-properties${search ? `?${search}` : ''}`)
    },

    /** The lots the agent's bookings made theirs that are not yet in the catalogue. */
    getOwnedProperties: () => json<OwnedProperty[]>('/agent-properties/owned-properties'),

    /** POST /api/agent-properties/create-manual, multipart with the hero and gallery images. */
    addToCatalogue: (input: CatalogueEntryInput) =>
      json<ActionResult>('/agent-properties/create-manual', { method: 'POST', body: catalogueForm(input) }),

    /** PUT /api/bookings/:id/fee: records or changes the booking fee (multipart: the receipt, if any). */
    saveBookingFee: ({ id, input }: { id: Identifier; input: BookingFeeInput }) =>
      json<ActionResult<BookingFee>>(`/bookings/${encodeURIComponent(id)}/fee`, {
        method: 'PUT',
        body: feeForm(input),
      }),

    /** POST /api/bookings/:id/fee/refund: the refund's date and reason (rejected or cancelled bookings). */
    refundBookingFee: ({ id, refundedOn, reason }: { id: Identifier; refundedOn: string; reason: string }) =>
      json<ActionResult<BookingFee>>(`/bookings/${encodeURIComponent(id)}/fee/refund`, {
        method: 'POST',
        body: JSON.stringify({ refundedOn, reason: reason.trim() }),
      }),

    /** GET /api/booking-fees/report: totals by status and by agency (super admins). */
    getFeesReport: (query: FeesReportQuery = {}) => json<FeesReport>(`/booking-fees/report?${reportQuery(query)}`),

    /** GET /api/booking-fees/report/export: the same report as CSV. */
    exportFeesReport: async (query: FeesReportQuery = {}) =>
      (await http(`${API_URL}/booking-fees/report/export?${reportQuery(query)}`)).body,

    shareProperty: ({ id, platform }: { id: Identifier; platform: SharePlatform }) =>
      json<ShareResult>(`/agent-properties/${encodeURIComponent(id)}/share`, {
        method: 'POST',
        body: JSON.stringify({ platform }),
      }),
  }
}

export type BackofficeDataProvider = ReturnType<typeof createDataProvider>

/** The multipart body of the lots CSV import: the file in field `file`. */
function csvForm(file: File): FormData {
  const form = new FormData()
  form.append('file', file)
  return form
}

/** The multipart body of POST /api/bookings: `lotId` or `unitId` names the item by its kind. */
export function clientBookingForm({
  userId,
  kind,
  itemId,
  notes,
  icFront,
  icBack,
  cheque,
  consent,
  noticeVersion,
}: ClientBookingInput): FormData {
  const form = new FormData()
  form.append('userId', String(userId))
  form.append(kind === 'unit' ? 'unitId' : 'lotId', String(itemId))
  if (notes?.trim()) form.append('notes', notes.trim())
  // The privacy notice's box and the version shown (backend/app/bookings/consent.ts).
  if (consent) form.append('consent', 'true')
  if (noticeVersion) form.append('noticeVersion', String(noticeVersion))
  if (icFront) form.append('icFront', icFront)
  if (icBack) form.append('icBack', icBack)
  if (cheque) form.append('cheque', cheque)
  return form
}

/** The multipart body of POST /api/agent-properties/create-manual; blank optional fields are left out. */
export function catalogueForm({ propertyId, heroImage, galleryImages, details = {} }: CatalogueEntryInput): FormData {
  const form = new FormData()
  form.append('propertyId', String(propertyId))
  for (const [field, value] of Object.entries(details)) {
    if (value?.trim()) form.append(field, value.trim())
  }
  form.append('heroImage', heroImage)
  for (const image of galleryImages) form.append('galleryImages', image)
  return form
}
