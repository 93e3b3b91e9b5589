import type { ModuleDocs } from '#core/openapi/types'
import { decideAccountDeletionValidator, requestAccountDeletionValidator } from '#privacy/validators/account_deletion'

const SUPER_ADMINS = 'Super admins only.'

/** The privacy module's routes in the API reference (/api/docs): a person's rights (docs/privacy.md). */
export default {
  tag: 'Privacy',
  description: "A person's data: the export of everything held about them, and account deletion requests.",
  operations: {
    'GET /api/me/personal-data': {
      summary: 'Download my data',
      description:
        'Everything the product holds about the signed-in person as one ZIP: `data.json` (profile, membership requests, their bookings with history and fee, notifications, deletion requests, audit entries about them) and their own documents under `documents/booking-<id>/`. Only rows keyed by their own id.',
      responses: { 200: 'application/zip', 401: 'Authentication required. Please log in.' },
    },
    'GET /api/me/deletion-request': {
      summary: 'My account deletion request',
      description: 'The latest request and its state (pending, confirmed, declined with the reason), or null.',
    },
    'POST /api/me/deletion-request': {
      summary: 'Ask for my account to be deleted',
      description:
        'A super admin confirms or declines it. Confirmed: the account is anonymised, its documents deleted, its bookings kept as anonymous sale records. One pending request at a time (409). Super admins cannot ask (403).',
      body: requestAccountDeletionValidator,
      responses: {
        201: 'The request',
        403: 'Super admins cannot delete their own account this way.',
        409: 'A request is already pending.',
      },
    },
    'GET /api/account-deletion-requests': {
      summary: 'Account deletion requests',
      description: `${SUPER_ADMINS} Newest first, paged.`,
      responses: { 403: 'Only super admins answer deletion requests.' },
    },
    'GET /api/account-deletion-requests/:id': {
      summary: 'One account deletion request',
      description: SUPER_ADMINS,
      responses: { 403: 'Only super admins answer deletion requests.', 404: 'Request not found' },
    },
    'PUT /api/account-deletion-requests/:id': {
      summary: 'Confirm or decline an account deletion request',
      description: `${SUPER_ADMINS} Confirm anonymises the account in one transaction (sessions, tokens and two-step sign-in removed), then deletes its documents; decline needs a reason. Answered once (409). On the audit trail.`,
      body: decideAccountDeletionValidator,
      responses: {
        403: 'Only super admins answer deletion requests.',
        404: 'Request not found',
        409: 'Already answered.',
      },
    },
  },
} satisfies ModuleDocs
