import type { ListDoc, ModuleDocs } from '#core/openapi/types'
import {
  agentResponseValidator,
  createForClientValidator,
  memberRequestValidator,
  propertyBookingValidator,
  statusUpdateValidator,
  uploadDocumentValidator,
} from '#bookings/validators/booking'
import { CLIENT_BOOKING_FORBIDDEN, NOT_A_MEMBER } from '#bookings/policies/booking_policy'
import { BOOKING_DOCUMENTS_FULL, MAX_DOCUMENT_SIZE } from '#bookings/services/document_store'
import { BOOKING_NOT_FOUND } from '#bookings/workflow'
import { DOCUMENT_ACCESS_SORTABLE } from '#bookings/queries/list_document_accesses'
import { ACCESSED_DOCUMENT_TYPES } from '#bookings/models/document_access'
import { BOOKING_ACCESSES_FORBIDDEN } from '#bookings/policies/document_access_policy'
import { LOT_NO_LONGER_AVAILABLE } from '#inventory'
import { updatePrivacyNoticeValidator } from '#bookings/validators/privacy_notice'
import { NOTICE_EDIT_FORBIDDEN } from '#bookings/policies/privacy_notice_policy'
import { documentReviewValidator } from '#bookings/validators/document_review'

const SIZE = MAX_DOCUMENT_SIZE.toUpperCase()

/** The booking's documents, under the multipart names the spec's forms send. */
const BOOKING_FILES = {
  cheque: {
    description: `The payment cheque: PDF, JPEG or PNG, at most ${SIZE} (also \`paymentCheque\`, \`chequeDocument\`).`,
  },
  icFront: { description: `The identity card's front: JPEG or PNG, at most ${SIZE} (also \`ic_front\`).` },
  icBack: { description: `The identity card's back: JPEG or PNG, at most ${SIZE} (also \`ic_back\`).` },
}

const BOOKINGS_LIST = (filter: Record<string, string>): ListDoc => ({
  resource: 'bookings',
  sort: ['id', 'createdAt', 'updatedAt', 'status', 'statusChangedAt'],
  defaultSort: ['createdAt', 'DESC'],
  filter: {
    status: "a status, a screen's group (`pending`, `approved`, `sold`, `rejected` ...) or `all`",
    q: "searches the requester's name and email and the lot's numbers",
    overdue: 'true keeps the bookings waiting past their approval tier target (each booking has `queue` and `overdue`)',
    ...filter,
  },
})

/** The document access log (issue 20): who viewed or downloaded which booking document. */
const ACCESS_LIST: ListDoc = {
  resource: 'document-accesses',
  sort: Object.keys(DOCUMENT_ACCESS_SORTABLE),
  defaultSort: ['createdAt', 'DESC'],
  filter: {
    bookingId: 'one booking, by id',
    userId: 'the reader, by user id',
    user: "searches the reader's name and email (as they were at the time)",
    documentType: `one of ${ACCESSED_DOCUMENT_TYPES.map((type) => `\`${type}\``).join(', ')}`,
    action: "`view` (inline), `download` or `export` (read into the person's own data export)",
    from: 'accesses from this day (YYYY-MM-DD, Malaysia time) or instant (ISO 8601), included',
    to: 'accesses up to this day or instant, included',
  },
}
const ACCESS_ENTRY =
  "Each access: `createdAt`, the reader as they were (`userId`, `userName`, `userEmail`, `userRole`), `action` (`view`, `download`, or `export` for a document read into its owner's data export), `bookingId`, `documentId` (null for a fee receipt), `documentType`, `documentName` and the client address `ip`. Recorded when a document or receipt is served; refused reads record nothing."

const TOO_LARGE = `A file is larger than ${SIZE}.`
const TOO_MANY =
  'Too many booking attempts. Please try again in N seconds. (`Retry-After` says when; per user and per client address, each per minute: BOOKING_ATTEMPTS_PER_USER, default 10, and BOOKING_ATTEMPTS_PER_ADDRESS, default 300.)'

const WITH_BOOKING =
  'The booking with its lot, people, documents and history, and `allowedActions`: what the user asking may do to it now (`cancel`, `approve`, `reject`, `booked`, `sold`)'
const DECIDED = 'This booking request has already been processed (or is not in a state this action applies to).'

/** The bookings module's routes in the API reference (/api/docs). */
import { extendHoldValidator } from '#bookings/validators/hold'
import { bookingFeeValidator, feesReportValidator, refundBookingFeeValidator } from '#bookings/validators/booking_fee'

export default {
  tag: 'Bookings',
  description:
    "Booking requests and their workflow (docs/booking-workflow.md): `pending_agent` (the member's agent admin decides), `pending_admin` (the super admin processes: booked, sold or reject), `cancelled` by the requester. Every booking in an answer carries `allowedActions` for the user asking. Creating a booking takes the lot out of `available` at once; of simultaneous requests for one lot exactly one succeeds.",
  operations: {
    'POST /api/bookings/:id/extend-hold': {
      summary: "Extend a pending booking's hold, once",
      description:
        "The booking's agent admin or a super admin: `{ minutes, reason }` (reason required; at most the development's hold length). Once per booking (409 after), only while pending (409). Recorded in the booking's history and on the audit trail; watchers hear it.",
      body: extendHoldValidator,
      responses: {
        403: 'Not allowed to extend this hold.',
        404: BOOKING_NOT_FOUND,
        409: 'Already extended, or not pending.',
      },
    },
    'GET /api/bookings/:id/fee': {
      summary: "A booking's fee",
      description:
        "The booking fee on record (amount in whole RM, method, reference, date received, status expected/received/refunded, receipt): the agency's agent admins and super admins, and the requester (read only).",
      responses: { 403: 'Not allowed to see this booking.', 404: BOOKING_NOT_FOUND },
    },
    'PUT /api/bookings/:id/fee': {
      summary: 'Record or change the booking fee',
      description:
        "The agency's agent admins and super admins. JSON, or a multipart form with an optional `receipt` file (checked by content like the booking documents). On the audit trail. A refunded fee is locked (409).",
      body: bookingFeeValidator,
      responses: {
        403: "Only the agency's agent admins and super admins record fees.",
        404: BOOKING_NOT_FOUND,
        409: 'A refunded fee cannot change.',
      },
    },
    'POST /api/bookings/:id/fee/refund': {
      summary: 'Record the refund of a booking fee',
      description:
        'Only for a rejected or cancelled booking whose fee was received; with the date and the reason. Once.',
      body: refundBookingFeeValidator,
      responses: {
        403: 'Not allowed.',
        404: BOOKING_NOT_FOUND,
        409: 'Refunds are only for rejected or cancelled bookings with a received fee.',
      },
    },
    'GET /api/bookings/:id/fee/receipt': {
      summary: "The fee's receipt file",
      description: 'Streamed to the people who may see the fee, never shared caching (nosniff, Content-Disposition).',
      responses: { 403: 'Not allowed.', 404: 'Receipt not found' },
    },
    'GET /api/booking-fees/report': {
      summary: 'Booking fees report',
      description:
        'Super admins: totals by status and by agency (SQL GROUP BY), filtered by `from`, `to` (date received, or recorded for expected fees) and `agencyId`.',
      query: feesReportValidator,
      responses: { 403: 'Only super admins see the fees report.' },
    },
    'GET /api/booking-fees/report/export': {
      summary: 'Booking fees report as CSV',
      description: 'The same filters and totals, as a CSV download.',
      responses: { 403: 'Only super admins see the fees report.' },
    },
    'POST /api/bookings/request': {
      summary: 'Request a booking',
      description: `An approved agency member's request starts as \`pending_agent\`; an agent admin's as \`pending_admin\` and needs the cheque and both IC sides. A member's IC sides are optional but go together. \`contactPhone\` is read as \`phone\`. Super admins cannot book lots.`,
      body: memberRequestValidator,
      multipart: { fields: memberRequestValidator, files: BOOKING_FILES },
      responses: {
        201: `${WITH_BOOKING}, and \`message: "Booking request submitted successfully!"\``,
        403: NOT_A_MEMBER,
        409: LOT_NO_LONGER_AVAILABLE,
        413: TOO_LARGE,
        429: TOO_MANY,
      },
    },
    'POST /api/bookings/property': {
      summary: 'Book from the lot-type page (agent booking form)',
      description:
        "The agent booking form: `propertyId` is `type-{type}-{lot number}`. Both IC sides are required, the cheque is optional. Books for the agent's client when `userId` names one, otherwise for the agent; either way it starts as `pending_admin`.",
      multipart: { fields: propertyBookingValidator, files: BOOKING_FILES },
      responses: {
        201: `${WITH_BOOKING}, and \`message: "Booking successfully created and sent to admin for review"\``,
        409: LOT_NO_LONGER_AVAILABLE,
        413: TOO_LARGE,
        429: TOO_MANY,
      },
    },
    'POST /api/bookings': {
      summary: 'Book for a client',
      description:
        'An agent admin (for a client of role `user` not in another agency) or a super admin books a lot (`lotId`) or a unit (`unitId`). It starts as `pending_admin`.',
      body: createForClientValidator,
      multipart: { fields: createForClientValidator, files: BOOKING_FILES },
      responses: {
        201: `${WITH_BOOKING}, and \`message\`: "Booking successfully created and sent to admin for review" (agent admin) or "Booking created successfully" (super admin)`,
        403: CLIENT_BOOKING_FORBIDDEN,
        409: LOT_NO_LONGER_AVAILABLE,
        413: TOO_LARGE,
        429: TOO_MANY,
      },
    },
    'GET /api/bookings': {
      summary: 'List bookings (scoped by role)',
      description: "A super admin sees every booking, an agent admin their agency's, anyone else their own.",
      list: BOOKINGS_LIST({
        history: 'true leaves out bookings waiting for the agent (`pending_agent`)',
        agencyId: "the agency's id (super admins)",
      }),
    },
    'GET /api/bookings/user': {
      summary: 'My bookings',
      description: 'The bookings I asked for or that were made for me, newest first (at most 500).',
    },
    'GET /api/bookings/agent': {
      summary: "My agency's bookings (agent admin)",
      list: BOOKINGS_LIST({ history: 'true leaves out bookings waiting for the agent (`pending_agent`)' }),
      responses: { 403: 'Only agent admins can view agency bookings.' },
    },
    'GET /api/bookings/admin': {
      summary: 'Every booking (super admin)',
      list: BOOKINGS_LIST({ agencyId: "the agency's id" }),
      responses: { 403: 'Only super admins can process bookings.' },
    },
    'GET /api/bookings/:id': {
      summary: 'One booking',
      description: 'For its requester, the agent admins of its agency and super admins.',
      responses: {
        200: `${WITH_BOOKING}.`,
        403: 'You do not have permission to view this booking.',
        404: BOOKING_NOT_FOUND,
      },
    },
    'DELETE /api/bookings/:id': {
      summary: 'Cancel my booking',
      description: 'Its creator cancels it while it is pending; the lot returns to available.',
      responses: {
        200: `${WITH_BOOKING}, and \`message: "Booking cancelled successfully"\``,
        403: "You don't have permission to cancel this booking. Please contact support.",
        404: BOOKING_NOT_FOUND,
        409: 'Only a pending booking can be cancelled.',
      },
    },
    'PUT /api/bookings/:id/agent-response': {
      summary: "Approve or reject a member's request (agent admin)",
      description:
        "The agent admin of the booking's agency decides a `pending_agent` booking: approve forwards it to the admin (`pending_admin`), reject ends it (`rejected_by_agent`, the lot returns to available).",
      body: agentResponseValidator,
      responses: {
        200: `${WITH_BOOKING}, and \`message\`: "Booking request approved and forwarded to admin" or "Booking request rejected"`,
        403: "Only the agent admin of this booking's agency can respond to it.",
        404: BOOKING_NOT_FOUND,
        409: DECIDED,
      },
    },
    'PUT /api/bookings/:id/status-update': {
      summary: 'Process a booking (super admin)',
      description:
        'A `pending_admin` booking: `booked` (or `approved`; the lot becomes booked), `sold` (the lot becomes sold) or `reject` (or `rejected`; the lot returns to available). `message` becomes the admin notes.',
      body: statusUpdateValidator,
      responses: {
        200: `${WITH_BOOKING}, and the outcome's \`message\``,
        403: 'Only super admins can process bookings.',
        404: BOOKING_NOT_FOUND,
        409: DECIDED,
      },
    },
    'POST /api/uploads/document': {
      summary: 'Add a document to a booking',
      description: `One file per call, field \`document\` (PDF, JPEG or PNG; images only for IC sides; at most ${SIZE}). For the booking's creator, the agent admins of its agency and super admins, while the booking is open.`,
      multipart: {
        fields: uploadDocumentValidator,
        files: { document: { description: 'The file.', required: true } },
      },
      responses: {
        201: 'The document: `{ id, documentType, documentName, documentUrl, ... }`',
        403: 'You do not have permission to add documents to this booking.',
        409: "Documents cannot be added to a booking that has been closed. Or: The payment cheque was rejected. Please upload it again from the booking's details. (a rejected document comes back through POST /api/bookings/:id/documents/:documentId/replace)",
        413: TOO_LARGE,
        422: `The file is refused by its content or type, or missing. Or: ${BOOKING_DOCUMENTS_FULL}`,
      },
    },
    'GET /api/uploads/documents/:bookingId': {
      summary: "A booking's documents",
      description: 'For those who may view the booking: identity documents are personal data.',
      responses: { 403: 'You do not have permission to view this booking.', 404: BOOKING_NOT_FOUND },
    },
    'GET /api/uploads/documents/:bookingId/:documentId': {
      summary: 'Download a booking document',
      description:
        'Streams the file, never cached by shared caches; `?download=1` asks for an attachment instead of inline.',
      responses: {
        200: {
          description: 'The file.',
          contentType: 'application/octet-stream',
          schema: { type: 'string', format: 'binary' },
        },
        403: 'You do not have permission to view this booking.',
        404: 'Booking not found, or Document not found',
        410: 'This document was deleted on <date> (retention: <rule>). The record stays; the file is gone.',
      },
    },
    'PUT /api/bookings/:id/documents/:documentId/review': {
      summary: 'Accept or reject one document of a booking',
      description:
        "The reviewer of the booking's current tier: the agent admin of its agency while `pending_agent`, a super admin while `pending_admin` or `approved`. `{ status: 'accepted' | 'rejected', reason }`: the reason (1 to 500 characters) is required to reject. Recorded in the booking's history (`kind: 'document_review'`) and on the audit trail (`booking.document_review`); a rejection tells the requester. While a document is rejected, or a document the booking's form required is missing, the agent admin's approve and the super admin's booked and sold answer 409 saying which (docs/booking-workflow.md).",
      body: documentReviewValidator,
      responses: {
        200: `${WITH_BOOKING}, with \`documentReview\`, \`documentsBlocking\`, \`canReviewDocuments\`, and \`message\`: "Document accepted." or "Document rejected."`,
        403: 'Not the reviewer of the booking at its current tier.',
        404: 'Booking not found, or Document not found (also a document of another booking).',
        409: 'This document has been replaced by a newer upload; or the booking is closed.',
        422: 'Please give a reason for rejecting this document. (or a bad status)',
      },
    },
    'POST /api/bookings/:id/documents/:documentId/replace': {
      summary: 'Upload a rejected document again',
      description: `The booking's requester (the person booked for, or its creator) while it is \`pending_agent\` or \`pending_admin\`, for a rejected document only. Field \`document\`: the same checks as the booking forms (by content; PDF, JPEG or PNG, images only for IC sides; at most ${SIZE}). A new document of the same type (review pending) supersedes the old one, whose row and review stay (\`replacedById\`). Recorded in the history (\`kind: 'document_upload'\`); the reviewers of the booking's tier are told.`,
      multipart: { files: { document: { description: 'The file.', required: true } } },
      responses: {
        201: 'The new document: `{ id, documentType, documentName, documentUrl, review, replacedById, current, ... }`',
        403: 'Only the requester of this booking can upload its documents again.',
        404: 'Booking not found, or Document not found',
        409: 'Only a rejected document can be uploaded again. (or the booking is not pending, or the document was replaced)',
        413: TOO_LARGE,
        422: `The file is refused by its content or type, or missing. Or: ${BOOKING_DOCUMENTS_FULL}`,
      },
    },
    'GET /api/document-accesses': {
      summary: 'Document access log',
      description: ACCESS_ENTRY,
      admits: 'super_admin',
      list: ACCESS_LIST,
    },
    'GET /api/document-accesses/export.csv': {
      summary: 'Export the document access log as CSV',
      description:
        "Every access the filter selects, newest first, streamed. A cell a spreadsheet would read as a formula is written with a leading `'`.",
      admits: 'super_admin',
      list: { ...ACCESS_LIST, paged: false },
      responses: {
        200: { description: 'document-access-<date>.csv', contentType: 'text/csv', schema: { type: 'string' } },
      },
    },
    'GET /api/bookings/:id/document-accesses': {
      summary: "Who opened this booking's documents",
      description:
        "The booking's requester (and super admins): each view or download of its documents, newest first (at most 200): `createdAt`, `documentId`, `documentType`, `documentName`, `action`, `userName`, `userRole`. Staff emails and addresses are not shown.",
      responses: { 403: BOOKING_ACCESSES_FORBIDDEN, 404: BOOKING_NOT_FOUND },
    },
    'GET /api/privacy-notice': {
      summary: 'The current privacy notice',
      description:
        'Public. The notice every booking form shows with its consent box: `{ version, body, createdAt }` (version 1 is the built-in text). A booking form sends `consent` and the `noticeVersion` it showed.',
      responses: { 200: '`{ id, version, body, createdAt }`' },
    },
    'PUT /api/privacy-notice': {
      summary: 'Publish a new version of the privacy notice',
      description:
        'Super admins. Adds the next version; new bookings consent to it, existing bookings keep the version they were made under.',
      body: updatePrivacyNoticeValidator,
      responses: {
        200: '`{ message: "Privacy notice version N published", version, body, createdAt }`',
        403: NOTICE_EDIT_FORBIDDEN,
      },
    },
  },
} satisfies ModuleDocs
