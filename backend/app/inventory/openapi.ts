import { holdLengthValidator } from '#inventory/validators/hold_length'
import type { JsonSchema, ListDoc, ModuleDocs } from '#core/openapi/types'
import { LOT_STATUSES } from '#inventory/models/lot'
import { PRICE_BANDS } from '#inventory/filters'
import { createLotValidator, updateLotValidator } from '#inventory/validators/lot'
import { timeLimitsValidator } from '#inventory/validators/time_limits'
import { TIME_LIMITS_FORBIDDEN } from '#inventory/policies/development_policy'
import { MAX_IMPORT_FILE_SIZE } from '#inventory/controllers/lots_import_controller'
import { MAX_EXPORT_ROWS } from '#inventory/queries/export_lots'

const TYPE_CODE = { type: 'string', enum: ['A', 'B', 'C'], description: 'A Corner, B Intermediate, C End Lot.' }
const STATUSES = { type: 'string', description: `One status or several, comma-separated: ${LOT_STATUSES.join(', ')}.` }
const PRICE = { type: 'string', description: 'Ringgit; `450,000` and `RM 450000` are read too.' }

/** The hub reads its query itself (public_lots_controller.ts). */
const HUB_QUERY: JsonSchema = {
  type: 'object',
  properties: {
    type: TYPE_CODE,
    status: STATUSES,
    priceBand: { type: 'string', enum: Object.keys(PRICE_BANDS), description: "A price band of the hub's filter bar." },
    minPrice: PRICE,
    maxPrice: PRICE,
    q: { type: 'string', description: 'Searches unit number, lot number and title.' },
  },
}

/** `GET /api/lots?propertyId=` and `?kind=`, as the create-booking form calls it (also accepted in `filter`). */
const LOTS_QUERY: JsonSchema = {
  type: 'object',
  properties: {
    propertyId: { type: 'integer', description: "The development's id." },
    kind: { type: 'string', enum: ['lot', 'unit'] },
  },
}

const LOTS_LIST: ListDoc = {
  resource: 'lots',
  sort: ['id', 'unitNumber', 'lotNumber', 'price', 'status', 'type', 'phase', 'updatedAt'],
  defaultSort: ['unitNumber', 'ASC'],
  filter: {
    propertyId: "the development's id",
    kind: '`lot` or `unit`',
    typeCode: '`A`, `B` or `C` (also `type`)',
    status: 'statuses, comma-separated (super admins; everyone else sees available lots only)',
    priceBand: Object.keys(PRICE_BANDS).join(', '),
    minPrice: 'ringgit',
    maxPrice: 'ringgit',
    phase: 'a whole number',
    q: 'searches unit number, lot number and title',
  },
}

const SUPER_ADMINS = 'Super admins only.'

const CSV_FILE = {
  file: {
    description: `The lots CSV (the export's columns), at most ${MAX_IMPORT_FILE_SIZE.toUpperCase()}.`,
    required: true,
  },
}

/** The inventory module's routes in the API reference (/api/docs). */
export default {
  tag: 'Inventory',
  description: "Developments (the spec's properties), their lots and units; the shop-lot hub; the lots CSV.",
  operations: {
    'GET /api/lots/public': {
      summary: 'The shop-lot hub (public)',
      description:
        'Every lot of the Aero Industrial Hub whatever its status, by unit number in natural order (MKS-2 before MKS-10). Each lot has `waitlistCount` and `offeredUntil` (when a waitlist offer holds it, else null).',
      query: HUB_QUERY,
      responses: {
        200: {
          description: 'The lots, as an array.',
          headers: { 'Content-Range': { description: '`lots 0-<n-1>/<n>`: the whole hub in one answer.' } },
        },
      },
    },
    'GET /api/properties/:property/lots/:typeId': {
      summary: 'A lot-type page (public)',
      description:
        'The development, the lots of one type (each with `waitlistCount` and `offeredUntil`: when a waitlist offer holds it, else null) and the availability overview (available, reserved, booked, sold, total).',
      params: { property: "The development's slug (`aeroindustrial`) or id.", typeId: '`A`, `B` or `C`.' },
      responses: { 404: 'Property not found, or `Unknown lot type "X". Use A, B or C.`' },
    },
    'GET /api/properties': {
      summary: 'Developments (public)',
      description: 'Every development with its figures (total units, phase, launch year).',
    },
    'GET /api/properties/:property': {
      summary: 'One development (public)',
      description: "The hub's information card: the development and its figures.",
      params: { property: "The development's slug or id." },
      responses: { 404: 'Property not found' },
    },
    'GET /api/public/properties/:propertyId/units': {
      summary: "A development's available units (public)",
      description: "The units the agent's create-booking form offers.",
      responses: { 404: 'Property not found' },
    },
    'GET /api/lots/:id': {
      summary: 'One lot (public)',
      responses: { 404: 'Lot not found' },
    },
    'GET /api/lots': {
      summary: 'List lots',
      description: 'Super admins see every lot whatever its status; everyone else available lots only.',
      query: LOTS_QUERY,
      list: LOTS_LIST,
    },
    'POST /api/lots': {
      summary: 'Create a lot',
      description: `${SUPER_ADMINS} Numbers may be typed as people do (\`450,000\`, \`RM 450000\`).`,
      body: createLotValidator,
      responses: {
        201: 'The lot, with `message: "Lot created successfully."`',
        403: 'Only super admins can manage lots.',
      },
    },
    'GET /api/lots/export': {
      summary: 'Export lots as CSV',
      description: `${SUPER_ADMINS} The lots of the list as filtered and sorted on screen (every page), in the columns the import reads. At most ${MAX_EXPORT_ROWS.toLocaleString('en-US')} lots.`,
      query: LOTS_QUERY,
      list: { ...LOTS_LIST, paged: false },
      responses: {
        200: { description: 'lots.csv', contentType: 'text/csv', schema: { type: 'string' } },
        403: 'Only super admins can manage lots.',
      },
    },
    'GET /api/lots/import/template': {
      summary: 'The lots CSV template',
      description: `${SUPER_ADMINS} The header row and one example lot.`,
      responses: {
        200: { description: 'lots-template.csv', contentType: 'text/csv', schema: { type: 'string' } },
        403: 'Only super admins can manage lots.',
      },
    },
    'POST /api/lots/import/preview': {
      summary: 'Preview a lots CSV import',
      description: `${SUPER_ADMINS} Reports what each row would do (create, update, unchanged, error) and writes nothing.`,
      multipart: { files: CSV_FILE },
      responses: { 200: '`{ message, dryRun: true, summary, rows }`', 403: 'Only super admins can manage lots.' },
    },
    'POST /api/lots/import': {
      summary: 'Import a lots CSV',
      description: `${SUPER_ADMINS} Applies every row in one transaction, or none: a file with any invalid row changes nothing (422 listing the rows).`,
      multipart: { files: CSV_FILE },
      responses: {
        200: '`{ message: "Import complete: ...", summary, rows }`',
        403: 'Only super admins can manage lots.',
      },
    },
    'PUT /api/lots/:id': {
      summary: 'Edit a lot',
      description: `${SUPER_ADMINS} The lot form and the hub's shop-lot edit. A lot held by a booking keeps its status until the booking is processed or cancelled (409).`,
      body: updateLotValidator,
      responses: { 403: 'Only super admins can manage lots.', 404: 'Lot not found' },
    },
    'GET /api/developments/time-limits': {
      summary: 'Approval time limits of each development',
      description: `${SUPER_ADMINS} Each development's target time per approval tier: \`agentTargetMinutes\` (a request waiting for its agent admin, default 24 h) and \`developerTargetMinutes\` (forwarded, waiting for the developer's decision, default 48 h).`,
      responses: { 200: '`[{ id, name, agentTargetMinutes, developerTargetMinutes }]`', 403: TIME_LIMITS_FORBIDDEN },
    },
    'PUT /api/developments/:id/time-limits': {
      summary: "Set a development's approval time limits",
      description: `${SUPER_ADMINS} Both tiers' targets in minutes (1 minute to 60 days). The booking lists' \`overdue\` and the dashboards follow at once.`,
      body: timeLimitsValidator,
      responses: { 403: TIME_LIMITS_FORBIDDEN, 404: 'Property not found' },
    },
    'GET /api/developments/holds': {
      summary: 'Hold length of each development',
      description: `${SUPER_ADMINS} How long a pending booking holds its lot, per development: \`holdMinutes\` (null: the default), \`defaultHoldMinutes\` (BOOKING_HOLD_DAYS), \`effectiveHoldMinutes\`.`,
      responses: {
        200: '`[{ id, name, holdMinutes, defaultHoldMinutes, effectiveHoldMinutes }]`',
        403: TIME_LIMITS_FORBIDDEN,
      },
    },
    'PUT /api/developments/:id/hold': {
      summary: "Set a development's hold length",
      description: `${SUPER_ADMINS} \`holdMinutes\` (1 minute to 60 days; null restores the default). New requests take it; pending bookings keep their deadline. On the audit trail.`,
      body: holdLengthValidator,
      responses: { 403: TIME_LIMITS_FORBIDDEN, 404: 'Property not found' },
    },
    'DELETE /api/lots/:id': {
      summary: 'Delete a lot',
      description: `${SUPER_ADMINS} A lot with bookings on record cannot be deleted (409): change its status instead.`,
      responses: {
        200: '`{ message: "Lot deleted successfully.", id }`',
        403: 'Only super admins can manage lots.',
        404: 'Lot not found',
      },
    },
  },
} satisfies ModuleDocs
