import type { ModuleDocs } from '#core/openapi/types'
import { agencyWaitlistQueryValidator, waitlistWindowValidator } from '#waitlist/validators/waitlist'
import {
  AGENCY_WAITLIST_FORBIDDEN,
  LINE_FORBIDDEN,
  WAITLIST_NOT_A_MEMBER,
  WINDOW_FORBIDDEN,
} from '#waitlist/policies/waitlist_policy'
import { ALREADY_BOOKED, ALREADY_WAITING, LEFT, LOT_AVAILABLE, LOT_SOLD, NOT_WAITING } from '#waitlist/messages'

const LOT_ID = { lotId: "The lot's id." }

/** The waitlist module's routes in the API reference (/api/docs). */
export default {
  tag: 'Waitlist',
  description:
    "A waitlist per lot: people join a reserved or booked lot's line; when the lot is free again the first in line alone may request it for the development's priority window, then the next, then everyone.",
  operations: {
    'POST /api/lots/:lotId/waitlist': {
      summary: "Join a lot's waitlist",
      description:
        "Approved agency members and agent admins (super admins cannot). Only while the lot is not available (reserved, booked), or while a waitlist offer holds it; one place per person per lot. `position` counts from 1 in the lot's line.",
      params: LOT_ID,
      responses: {
        201: '`{ message, id, lotId, position, status: "waiting", joinedAt, offerExpiresAt: null }`',
        403: WAITLIST_NOT_A_MEMBER,
        404: 'Lot not found',
        409: `${LOT_AVAILABLE} / ${LOT_SOLD} / ${ALREADY_WAITING} / ${ALREADY_BOOKED}`,
      },
    },
    'DELETE /api/lots/:lotId/waitlist': {
      summary: "Leave a lot's waitlist",
      description:
        'At any time. Leaving during the offer of the lot passes it at once to the next in line (who is notified); nobody left: the lot is open to everyone.',
      params: LOT_ID,
      responses: { 200: `\`{ message: "${LEFT}" }\``, 404: `${NOT_WAITING} / Lot not found` },
    },
    'GET /api/lots/:lotId/waitlist': {
      summary: "A lot's waitlist",
      description:
        "Super admins: the whole line, first in line first. Agent admins: their agency's members' places only (positions stay the line's). Emails are partly masked, as in the other staff lists.",
      params: LOT_ID,
      responses: {
        200: '`{ data: [{ id, position, status, user: { id, name, email }, agency: { id, name } | null, joinedAt, offeredAt, offerExpiresAt }], total }`',
        403: LINE_FORBIDDEN,
        404: 'Lot not found',
      },
    },
    'GET /api/waitlist/mine': {
      summary: 'My waitlist places',
      description: "The signed-in person's live places (waiting, offered), oldest first.",
      responses: {
        200: '`{ data: [{ id, lotId, lot: { id, lotNumber, unitNumber, type, typeCode, status, propertyName }, position, status, joinedAt, offeredAt, offerExpiresAt }] }`',
      },
    },
    'GET /api/agency/waitlist': {
      summary: "My agency's members' waitlist places",
      description:
        "Agent admins: their agency's members' live places across lots, newest first, paged in SQL (`page` from 1, `perPage` 1 to 100, default 25). The total is in `total` and the `X-Total-Count` header.",
      query: agencyWaitlistQueryValidator,
      responses: {
        200: '`{ data: [{ id, lotId, lot, user, position, status, joinedAt, offeredAt, offerExpiresAt }], total, page, perPage }`',
        403: AGENCY_WAITLIST_FORBIDDEN,
      },
    },
    'GET /api/developments': {
      summary: 'Developments with their waitlist window',
      description:
        'Every development by name: `waitlistWindowMinutes` (the priority window in force), `defaultWaitlistWindowMinutes` (WAITLIST_PRIORITY_MINUTES, 15 unless configured), `waitlistWindowIsDefault`.',
      admits: 'super_admin',
      responses: {
        200: '`[{ id, slug, name, waitlistWindowMinutes, defaultWaitlistWindowMinutes, waitlistWindowIsDefault }]`',
        403: WINDOW_FORBIDDEN,
      },
    },
    'PUT /api/developments/:id/waitlist-window': {
      summary: "Set a development's waitlist window",
      description:
        '`minutes` (1 to 1440): how long the first in line alone may request a freed lot. Offers made from now on take it; running ones keep their end. On the audit trail.',
      admits: 'super_admin',
      body: waitlistWindowValidator,
      responses: { 403: WINDOW_FORBIDDEN, 404: 'Property not found' },
    },
  },
} satisfies ModuleDocs
