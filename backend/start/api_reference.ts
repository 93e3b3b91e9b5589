import {
  assignAgentAdminValidator,
  createAgencyValidator,
  publicAgentAdminsValidator,
  updateAgencyValidator,
} from '#agencies/validators/agency'
import {
  decideMembershipRequestValidator,
  listMembershipRequestsValidator,
  requestMembershipValidator,
} from '#agencies/validators/membership_request'
import {
  agentResponseValidator,
  createForClientValidator,
  memberRequestValidator,
  propertyBookingValidator,
  statusUpdateValidator,
} from '#bookings/validators/booking'
import { uploadDocumentValidator } from '#documents/validators/documents'
import { bookingFeeValidator, feesReportValidator, refundBookingFeeValidator } from '#fees/validators/booking_fee'
import { documentReviewValidator } from '#documents/validators/document_review'
import { extendHoldValidator } from '#bookings/validators/hold'
import { bumiputeraQuotaValidator, lotBumiputeraValidator } from '#inventory/validators/bumiputera'
import { createPackageValidator, offeredPackagesValidator, updatePackageValidator } from '#inventory/validators/package'
import { bumiputeraDecisionValidator } from '#identity/validators/bumiputera'
import { bumiputeraDeclarationValidator } from '#documents/validators/bumiputera'
import { updatePrivacyNoticeValidator } from '#documents/validators/privacy_notice'
import { contactMessageValidator, updateContactMessageValidator } from '#contact/validators/contact_message'
import { deviceLinkConfirmValidator, deviceLinkRequestValidator } from '#identity/validators/device_trust'
import { confirmTwoFactorValidator, proveOwnerValidator, secondStepValidator } from '#identity/validators/two_factor'
import {
  changePasswordValidator,
  clientLookupValidator,
  createUserValidator,
  loginValidator,
  registerValidator,
  updateProfileValidator,
  updateUserValidator,
} from '#identity/validators/user'
import { holdLengthValidator } from '#inventory/validators/hold_length'
import { lotVisibilityValidator } from '#inventory/validators/lot_visibility'
import { publishPriceListValidator } from '#inventory/validators/price_list'
import { createLotValidator, updateLotValidator } from '#inventory/validators/lot'
import { createReleaseBatchValidator } from '#inventory/validators/release_batch'
import { timeLimitsValidator } from '#inventory/validators/time_limits'
import { updatePreferencesValidator } from '#notifications/validators/notification'
import {
  addToCatalogueValidator,
  portfolioFiltersValidator,
  sharePropertyValidator,
} from '#portfolio/validators/agent_property'
import { decideAccountDeletionValidator, requestAccountDeletionValidator } from '#privacy/validators/account_deletion'
import {
  recordDataBreachValidator,
  sendBreachNoticeValidator,
  updateDataBreachValidator,
} from '#privacy/validators/data_breach'
import { dataProtectionOfficerValidator } from '#privacy/validators/data_protection_officer'
import { agencyWaitlistQueryValidator, waitlistWindowValidator } from '#waitlist/validators/waitlist'
import type { RouteDocs } from '#core/openapi/document'

/** A booking's documents, as the booking forms send them. */
const BOOKING_FILES = { cheque: 'optional', icFront: 'optional', icBack: 'optional' } as const

/**
 * The API reference's one hand-written entry per route (/api/docs; core/openapi/document.ts
 * builds the rest from the router): by tag, a summary and, where they apply, the validators the
 * controller checks with, the multipart files, the list's kind and the roles the route's policy
 * admits first. tests/functional/core/openapi.spec.ts fails on a route missing here.
 */
export default {
  Identity: {
    'POST /api/auth/register': { summary: 'Register an account and sign in', body: registerValidator },
    'POST /api/auth/login': { summary: 'Sign in with email and password', body: loginValidator },
    'POST /api/auth/login/two-factor': {
      summary: 'Complete a sign-in with a two-step code',
      body: secondStepValidator,
    },
    'POST /api/auth/trust-device': {
      summary: 'Email me a link to trust this device',
      body: deviceLinkRequestValidator,
    },
    'POST /api/auth/trust-device/confirm': {
      summary: 'Trust this device with an emailed link',
      body: deviceLinkConfirmValidator,
    },
    'GET /api/auth/two-factor': 'Two-step sign-in: on or off',
    'POST /api/auth/two-factor/setup': { summary: 'Start setting up two-step sign-in', body: proveOwnerValidator },
    'POST /api/auth/two-factor/confirm': { summary: 'Turn two-step sign-in on', body: confirmTwoFactorValidator },
    'POST /api/auth/two-factor/recovery-codes': { summary: 'New recovery codes', body: proveOwnerValidator },
    'POST /api/auth/two-factor/disable': { summary: 'Turn two-step sign-in off', body: proveOwnerValidator },
    'POST /api/auth/logout': 'Sign out everywhere',
    'GET /api/auth/session': 'The sign-in and its expiry',
    'POST /api/auth/session/extend': 'Keep me logged in',
    'PUT /api/auth/me': { summary: 'Save my profile', body: updateProfileValidator },
    'POST /api/auth/change-password': { summary: 'Change my password', body: changePasswordValidator },
    'GET /api/users/me': 'Who I am',
    'POST /api/users/me/bumiputera': {
      summary: 'Declare my Bumiputera status with its evidence (staff verify it)',
      form: { fields: bumiputeraDeclarationValidator, files: { evidence: 'many' } },
    },
    'GET /api/users/:id/bumiputera/evidence': {
      summary: "A person's Bumiputera status and the evidence declared with it",
    },
    'GET /api/users/:id/bumiputera/evidence/:evidenceId': 'One evidence file (on the access log)',
    'PUT /api/users/:id/bumiputera': {
      summary: "Verify or reject a person's Bumiputera status (never one's own)",
      admits: 'agent_admin',
      body: bumiputeraDecisionValidator,
    },
    'GET /api/users': { summary: 'List users', admits: 'agent_admin', list: 'page' },
    'GET /api/users/:id': { summary: 'One user', admits: 'agent_admin' },
    'GET /api/users/stats': { summary: 'User statistics', admits: 'super_admin' },
    'GET /api/users/lookup': {
      summary: "The create-booking form's client, by exact email",
      admits: 'agent_admin',
      query: clientLookupValidator,
    },
    'POST /api/users': { summary: 'Create a user', admits: 'super_admin', body: createUserValidator },
    'PUT /api/users/:id': { summary: 'Edit a user', admits: 'super_admin', body: updateUserValidator },
    'DELETE /api/users/:id': { summary: 'Delete a user', admits: 'super_admin' },
    'POST /api/users/:id/two-factor/reset': {
      summary: "Reset another account's two-step sign-in",
      admits: 'super_admin',
      body: proveOwnerValidator,
    },
  },
  Agencies: {
    'GET /api/agencies/public': 'Active agencies (public)',
    'GET /api/agencies/:id/public': "An agency's public profile",
    'GET /api/public/agencies/:id': "An agency's public profile (alias)",
    'GET /api/public/users': { summary: "An agency's agent admins (public)", query: publicAgentAdminsValidator },
    'GET /api/agencies': { summary: 'List agencies', list: 'page' },
    'GET /api/agencies/:id': { summary: 'One agency', admits: 'agent_admin' },
    'GET /api/agencies/:id/users': { summary: "An agency's people", admits: 'agent_admin' },
    'DELETE /api/agencies/:id/users/:userId': { summary: 'Remove a member from an agency', admits: 'agent_admin' },
    'POST /api/agencies': { summary: 'Create an agency', admits: 'super_admin', body: createAgencyValidator },
    'PUT /api/agencies/:id': { summary: 'Edit an agency', admits: 'super_admin', body: updateAgencyValidator },
    'POST /api/agencies/:id/agent-admins': {
      summary: 'Assign an agent admin',
      admits: 'super_admin',
      body: assignAgentAdminValidator,
    },
    'DELETE /api/agencies/:id/agent-admins/:userId': { summary: 'Remove an agent admin', admits: 'super_admin' },
    'DELETE /api/agencies/:id': { summary: 'Delete an agency', admits: 'super_admin' },
    'POST /api/users/request-agency': { summary: 'Ask to join an agency', body: requestMembershipValidator },
    'GET /api/users/agency-requests': {
      summary: 'Agency membership requests',
      admits: 'agent_admin',
      query: listMembershipRequestsValidator,
    },
    'PUT /api/users/:userId/agency-request/approve': {
      summary: 'Approve a membership request',
      admits: 'agent_admin',
      body: decideMembershipRequestValidator,
    },
    'PUT /api/users/:userId/agency-request/reject': {
      summary: 'Reject a membership request',
      admits: 'agent_admin',
      body: decideMembershipRequestValidator,
    },
  },
  Inventory: {
    'GET /api/lots/public': 'The shop-lot hub (public)',
    'GET /api/properties/:property/lots/:typeId': 'A lot-type page (public)',
    'GET /api/properties': 'Developments (public)',
    'GET /api/properties/:property': 'One development (public)',
    'GET /api/public/properties/:propertyId/units': "A development's available units (public)",
    'GET /api/lots/:id': 'One lot (public)',
    'GET /api/lots': { summary: 'List lots', list: 'page' },
    'POST /api/lots': { summary: 'Create a lot', body: createLotValidator },
    'GET /api/lots/export': { summary: 'Export lots as CSV', list: 'export' },
    'GET /api/lots/import/template': 'The lots CSV template',
    'POST /api/lots/import/preview': { summary: 'Preview a lots CSV import', form: { files: { file: 'required' } } },
    'POST /api/lots/import': { summary: 'Import a lots CSV', form: { files: { file: 'required' } } },
    'PUT /api/lots/:id': { summary: 'Edit a lot', body: updateLotValidator },
    'GET /api/developments/time-limits': 'Approval time limits of each development',
    'PUT /api/developments/:id/time-limits': {
      summary: "Set a development's approval time limits",
      body: timeLimitsValidator,
    },
    'GET /api/developments/holds': 'Hold length of each development',
    'PUT /api/developments/:id/hold': { summary: "Set a development's hold length", body: holdLengthValidator },
    'GET /api/developments/lot-visibility': {
      summary: 'Whether each development shows its lots not yet released on the public pages',
      admits: 'super_admin',
    },
    'PUT /api/developments/:id/lot-visibility': {
      summary: "Show or hide a development's lots not yet released on the public pages",
      admits: 'super_admin',
      body: lotVisibilityValidator,
    },
    'GET /api/developments/:id/price-lists': "A development's price list versions, newest first (range, Content-Range)",
    'POST /api/developments/:id/price-lists': {
      summary: "Publish a version of a development's price list",
      body: publishPriceListValidator,
    },
    'GET /api/developments/:id/price-lists/:versionId': 'One price list version and its entries',
    'DELETE /api/lots/:id': 'Delete a lot',
    'GET /api/lots/:id/bumiputera': {
      summary: "A lot's Bumiputera quota flag and its recorded release, as the lot edit shows them",
      admits: 'super_admin',
    },
    'PUT /api/lots/:id/bumiputera': {
      summary: 'Mark a Bumiputera quota lot, or record its release',
      body: lotBumiputeraValidator,
    },
    'POST /api/lots/:id/bumiputera/approval-document': {
      summary: "Attach the state's approval to a quota lot's recorded release (private)",
      admits: 'super_admin',
      form: { files: { document: 'required' } },
    },
    'GET /api/lots/:id/bumiputera/approval-document': {
      summary: "A quota lot's release approval (on the access log)",
      admits: 'super_admin',
    },
    'GET /api/lots/:id/bumiputera/approval-documents': {
      summary: "The approvals uploaded for a quota lot's release, newest first: names and sizes, not contents",
      admits: 'super_admin',
    },
    'GET /api/developments/:id/bumiputera-quota': {
      summary: "A development's Bumiputera quota fill: required, quota lots, booked, sold, available, released",
      admits: 'super_admin',
    },
    'PUT /api/developments/:id/bumiputera-quota': {
      summary: "Set a development's Bumiputera quota (percent, or null)",
      body: bumiputeraQuotaValidator,
    },
    'GET /api/developments/:id/release-batches': {
      summary: "A development's release batches, scheduled and released, with their lots",
      admits: 'super_admin',
    },
    'POST /api/developments/:id/release-batches': {
      summary: 'Schedule a release batch of lots not released',
      admits: 'super_admin',
      body: createReleaseBatchValidator,
    },
    'DELETE /api/developments/:id/release-batches/:batchId': {
      summary: 'Cancel a scheduled release batch',
      admits: 'super_admin',
    },
    'GET /api/packages': {
      summary: 'Price packages (filter developmentId, state; range, Content-Range)',
      admits: 'super_admin',
      list: 'page',
    },
    'POST /api/packages': { summary: 'Create a price package', admits: 'super_admin', body: createPackageValidator },
    'GET /api/packages/:id': { summary: 'One price package and its lots', admits: 'super_admin' },
    'PUT /api/packages/:id': {
      summary: 'Change a price package not yet in force',
      admits: 'super_admin',
      body: updatePackageValidator,
    },
    'POST /api/packages/:id/retire': { summary: 'Retire a price package', admits: 'super_admin' },
    'GET /api/lots/:id/packages': {
      summary: 'The packages a buyer is offered for a lot, and the net price',
      query: offeredPackagesValidator,
    },
  },
  Bookings: {
    'POST /api/bookings/:id/extend-hold': {
      summary: "Extend a pending booking's hold, once",
      body: extendHoldValidator,
    },
    'GET /api/bookings/:id/fee': "A booking's fee",
    'PUT /api/bookings/:id/fee': { summary: 'Record or change the booking fee', body: bookingFeeValidator },
    'POST /api/bookings/:id/fee/refund': {
      summary: 'Record the refund of a booking fee',
      body: refundBookingFeeValidator,
    },
    'GET /api/bookings/:id/fee/receipt': "The fee's receipt file",
    'GET /api/booking-fees/report': { summary: 'Booking fees report', query: feesReportValidator },
    'GET /api/booking-fees/report/export': 'Booking fees report as CSV',
    'POST /api/bookings/request': {
      summary: 'Request a booking',
      body: memberRequestValidator,
      form: { fields: memberRequestValidator, files: BOOKING_FILES },
    },
    'POST /api/bookings/property': {
      summary: 'Book from the lot-type page (agent booking form)',
      form: { fields: propertyBookingValidator, files: BOOKING_FILES },
    },
    'POST /api/bookings': {
      summary: 'Book for a client',
      body: createForClientValidator,
      form: { fields: createForClientValidator, files: BOOKING_FILES },
    },
    'GET /api/bookings': { summary: 'List bookings (scoped by role)', list: 'page' },
    'GET /api/bookings/user': 'My bookings',
    'GET /api/bookings/user/lots': 'The lots my live bookings stand on',
    'GET /api/bookings/agent': { summary: "My agency's bookings (agent admin)", list: 'page' },
    'GET /api/bookings/admin': { summary: 'Every booking (super admin)', list: 'page' },
    'GET /api/bookings/:id': 'One booking',
    'DELETE /api/bookings/:id': 'Cancel my booking',
    'PUT /api/bookings/:id/agent-response': {
      summary: "Approve or reject a member's request (agent admin)",
      body: agentResponseValidator,
    },
    'PUT /api/bookings/:id/status-update': { summary: 'Process a booking (super admin)', body: statusUpdateValidator },
    'POST /api/uploads/document': {
      summary: 'Add a document to a booking',
      form: { fields: uploadDocumentValidator, files: { document: 'required' } },
    },
    'GET /api/uploads/documents/:bookingId': "A booking's documents",
    'GET /api/uploads/documents/:bookingId/:documentId': 'Download a booking document',
    'PUT /api/bookings/:id/documents/:documentId/review': {
      summary: 'Accept or reject one document of a booking',
      body: documentReviewValidator,
    },
    'POST /api/bookings/:id/documents/:documentId/replace': {
      summary: 'Upload a rejected document again',
      form: { files: { document: 'required' } },
    },
    'GET /api/document-accesses': { summary: 'Document access log', admits: 'super_admin', list: 'page' },
    'GET /api/document-accesses/export.csv': {
      summary: 'Export the document access log as CSV',
      admits: 'super_admin',
      list: 'export',
    },
    'GET /api/bookings/:id/document-accesses': "Who opened this booking's documents",
    'GET /api/privacy-notice': 'The current privacy notice',
    'PUT /api/privacy-notice': {
      summary: 'Publish a new version of the privacy notice',
      body: updatePrivacyNoticeValidator,
    },
  },
  Portfolio: {
    'GET /api/agent-properties/images/:imageId/:size': 'A catalogue image (public)',
    'GET /api/agent-properties/:id/public': 'A shared property page (public)',
    'GET /api/agent-properties/agency/:agencyId/public': 'A shared agency page (public)',
    'GET /api/agent-properties': { summary: 'My properties portfolio (agent admin)', query: portfolioFiltersValidator },
    'GET /api/agent-properties/owned-properties': 'Lots I may add to the catalogue (agent admin)',
    'POST /api/agent-properties/create-manual': {
      summary: 'Add to catalogue (agent admin)',
      form: { fields: addToCatalogueValidator, files: { heroImage: 'required', galleryImages: 'many' } },
    },
    'POST /api/agent-properties/:id/share': { summary: 'Share a property', body: sharePropertyValidator },
    'GET /api/agent-properties/agency/:agencyId': 'What my agency shares',
  },
  Contact: {
    'POST /api/contact': { summary: 'Send a message (public contact form)', body: contactMessageValidator },
    'GET /api/contact-messages': { summary: 'List contact messages', admits: 'super_admin', list: 'page' },
    'GET /api/contact-messages/:id': { summary: 'One contact message', admits: 'super_admin' },
    'PUT /api/contact-messages/:id': {
      summary: 'Mark a message read or new',
      admits: 'super_admin',
      body: updateContactMessageValidator,
    },
  },
  Dashboards: {
    'GET /api/dashboard/admin': { summary: 'Admin dashboard figures', admits: 'super_admin' },
    'GET /api/dashboard/agent': 'Agent dashboard figures',
  },
  Audit: {
    'GET /api/audit-entries': { summary: 'List audit entries', admits: 'super_admin', list: 'page' },
    'GET /api/audit-entries/export.csv': {
      summary: 'Export audit entries as CSV',
      admits: 'super_admin',
      list: 'export',
    },
    'GET /api/audit-entries/:id': { summary: 'One audit entry', admits: 'super_admin' },
  },
  Notifications: {
    'GET /api/notifications': { summary: 'My notifications, newest first', list: 'page' },
    'GET /api/notifications/unread-count': 'How many of my notifications are unread',
    'PUT /api/notifications/:id/read': 'Mark one of my notifications read',
    'POST /api/notifications/read-all': 'Mark all my notifications read',
    'GET /api/notifications/preferences': 'My email preferences',
    'PUT /api/notifications/preferences': {
      summary: 'Turn the email of some kinds on or off',
      body: updatePreferencesValidator,
    },
    'GET /api/admin/jobs/failed': {
      summary: 'Background jobs that failed (emails given up after their retries, failed schedule runs)',
      admits: 'super_admin',
      list: 'page',
    },
    'POST /api/admin/jobs/failed/:id/retry': {
      summary: 'Run a failed job again (its tries start over)',
      admits: 'super_admin',
    },
    'GET /api/admin/outbox': {
      summary: 'The emails kept without SMTP, as rendered',
      admits: 'super_admin',
      list: 'page',
    },
  },
  Privacy: {
    'GET /api/me/personal-data': 'Download my data',
    'GET /api/me/deletion-request': 'My account deletion request',
    'POST /api/me/deletion-request': {
      summary: 'Ask for my account to be deleted',
      body: requestAccountDeletionValidator,
    },
    'GET /api/account-deletion-requests': 'Account deletion requests',
    'GET /api/account-deletion-requests/:id': 'One account deletion request',
    'PUT /api/account-deletion-requests/:id': {
      summary: 'Confirm or decline an account deletion request',
      body: decideAccountDeletionValidator,
    },
    'GET /api/data-breaches': { summary: 'The breach register', admits: 'super_admin', list: 'page' },
    'POST /api/data-breaches': { summary: 'Record a breach', admits: 'super_admin', body: recordDataBreachValidator },
    'GET /api/data-breaches/:id': { summary: 'One breach and its clocks', admits: 'super_admin' },
    'PUT /api/data-breaches/:id': {
      summary: "Update a breach: its facts, the Commissioner's notification, closing",
      admits: 'super_admin',
      body: updateDataBreachValidator,
    },
    'GET /api/data-breach-notices': {
      summary: "A breach's notices to the people",
      admits: 'super_admin',
      list: 'page',
    },
    'POST /api/data-breach-notices': {
      summary: 'Email a notice to the people a breach affected',
      admits: 'super_admin',
      body: sendBreachNoticeValidator,
    },
    'GET /api/data-protection-officer': "The Data Protection Officer's contact",
    'GET /api/data-protection-officer/:id': "The Data Protection Officer's contact (id 1)",
    'PUT /api/data-protection-officer/:id': {
      summary: "Set the Data Protection Officer's contact",
      admits: 'super_admin',
      body: dataProtectionOfficerValidator,
    },
  },
  Waitlist: {
    'POST /api/lots/:lotId/waitlist': "Join a lot's waitlist",
    'DELETE /api/lots/:lotId/waitlist': "Leave a lot's waitlist",
    'GET /api/lots/:lotId/waitlist': "A lot's waitlist",
    'GET /api/waitlist/mine': 'My waitlist places',
    'GET /api/agency/waitlist': {
      summary: "My agency's members' waitlist places",
      query: agencyWaitlistQueryValidator,
    },
    'GET /api/developments': { summary: 'Developments with their waitlist window', admits: 'super_admin' },
    'PUT /api/developments/:id/waitlist-window': {
      summary: "Set a development's waitlist window",
      admits: 'super_admin',
      body: waitlistWindowValidator,
    },
  },
  'Live updates': {
    'GET /__transmit/events': 'Open an event stream (`?uid=`, an id the client chose; server-sent events)',
    'POST /__transmit/subscribe': 'Subscribe a stream to a channel: `{ uid, channel }` (`lots` is public)',
    'POST /__transmit/unsubscribe': 'Unsubscribe a stream from a channel: `{ uid, channel }`',
  },
  Platform: {
    'GET /api/health': 'Liveness',
    'GET /api/health/live': 'Liveness',
    'GET /api/health/ready': 'Readiness: database, migrations, storage (503 with the report when a check fails)',
    'POST /api/csp-reports': 'A Content Security Policy violation report',
    'GET /api/docs': 'This reference (HTML)',
    'GET /api/docs/openapi.json': 'This reference (OpenAPI 3.1)',
    'GET /api/docs/assets/:file': "The reference page's assets",
    'GET /metrics':
      'Prometheus metrics (text): the private network, or `Authorization: Bearer` the metrics token; 403 else',
  },
} satisfies RouteDocs
