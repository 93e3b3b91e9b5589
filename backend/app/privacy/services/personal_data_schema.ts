/** In every export so another service can read the file without us (checked in portability.spec.ts). */
export const PERSONAL_DATA_SCHEMA_FILE = 'personal-data.schema.json'
/**
 * Raised when a reader of an earlier export would be refused the new one (2: a fee receipt's `file`; 3: the
 * profile's Bumiputera status and the evidence declared with it).
 */
export const PERSONAL_DATA_SCHEMA_VERSION = 3

const text = { type: 'string' } as const
const textOrNull = { type: ['string', 'null'] } as const
const id = { type: 'integer', minimum: 1 } as const
const idOrNull = { type: ['integer', 'null'] } as const
const at = { type: 'string', format: 'date-time' } as const
const atOrNull = { type: ['string', 'null'], format: 'date-time' } as const
const day = { type: ['string', 'null'], format: 'date', description: 'YYYY-MM-DD' } as const
const record = (description: string, properties: Record<string, unknown>, optional: string[] = []) => ({
  type: 'object',
  description,
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
})

export const personalDataSchema = {
  ...record('The export', {
    $schema: { const: PERSONAL_DATA_SCHEMA_FILE, description: 'This schema, by its file name in the ZIP' },
    schemaVersion: { const: PERSONAL_DATA_SCHEMA_VERSION },
    exportedAt: at,
    profile: { $ref: '#/$defs/profile' },
    membershipRequests: { type: 'array', items: { $ref: '#/$defs/membershipRequest' } },
    bookings: { type: 'array', items: { $ref: '#/$defs/booking' } },
    consents: { type: 'array', items: { $ref: '#/$defs/consent' } },
    notifications: { type: 'array', items: { $ref: '#/$defs/notification' } },
    accountDeletionRequests: { type: 'array', items: { $ref: '#/$defs/deletionRequest' } },
    auditEntries: { type: 'array', items: { $ref: '#/$defs/auditEntry' } },
    bumiputeraEvidence: { type: 'array', items: { $ref: '#/$defs/bumiputeraEvidence' } },
  }),
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: PERSONAL_DATA_SCHEMA_FILE,
  title: 'Personal data held by Aero Property Booking about one person',
  description:
    'data.json of the "Download my data" ZIP. Dates and times are ISO 8601 (UTC unless an offset is given); money is whole Malaysian ringgit (RM). The files of the documents are in the same ZIP, at each document\'s `file`, and each fee receipt at its receipt\'s `file`.',
  $defs: {
    profile: record('The account: who the person is and how to reach them', {
      id,
      _id: id,
      name: text,
      email: text,
      phone: textOrNull,
      address: textOrNull,
      role: { enum: ['user', 'agent_admin', 'admin', 'super_admin'] },
      company: textOrNull,
      position: text,
      createdAt: atOrNull,
      agencyId: idOrNull,
      agencyName: textOrNull,
      agencyStatus: { enum: ['none', 'pending', 'approved', 'rejected'] },
      agencyStatusDate: atOrNull,
      agencyRequestDate: atOrNull,
      agencyRequestMessage: textOrNull,
      hasPendingAgencyRequest: { type: 'boolean' },
      canMakeBookings: { type: 'boolean' },
      canRequestBookings: { type: 'boolean' },
      isAgencyMember: { type: 'boolean' },
      isAdmin: { type: 'boolean' },
      bumiputeraStatus: {
        enum: ['none', 'declared', 'verified', 'rejected'],
        description: 'Declared by the person, verified or rejected by staff',
      },
      bumiputeraKind: { enum: ['individual', 'company', null], description: 'Declared as an individual or a company' },
      bumiputeraVerifiedBy: idOrNull,
      bumiputeraVerifiedByName: { ...textOrNull, description: 'The staff member who verified or rejected it' },
      bumiputeraVerifiedAt: atOrNull,
    }),
    bumiputeraEvidence: record(
      'A document the Bumiputera status was declared with; its bytes are in the ZIP at `file` unless it was deleted',
      {
        id,
        kind: { enum: ['individual', 'company'] },
        name: text,
        mimeType: text,
        size: { type: 'integer', description: 'Bytes' },
        createdAt: at,
        url: textOrNull,
        downloadUrl: textOrNull,
        deletedAt: atOrNull,
        deletionReason: textOrNull,
        file: { ...textOrNull, description: 'Path inside the ZIP: bumiputera/evidence-<id>.<ext>; null once deleted' },
      }
    ),
    membershipRequest: record("A request to join an agency, and the agency's answer", {
      id,
      agency: { oneOf: [{ type: 'null' }, record('The agency', { id, name: text })] },
      position: textOrNull,
      message: textOrNull,
      status: text,
      decidedAt: atOrNull,
      decisionNotes: textOrNull,
      createdAt: atOrNull,
    }),
    booking: record('A booking request made for the person, with its history, fee and documents', {
      id,
      status: text,
      createdAt: atOrNull,
      updatedAt: atOrNull,
      lot: {
        oneOf: [
          { type: 'null' },
          record('The lot or unit booked', {
            id,
            kind: { enum: ['lot', 'unit'] },
            lotNumber: text,
            name: textOrNull,
          }),
        ],
      },
      agency: { oneOf: [{ type: 'null' }, record('The agency the booking went through', { id, name: text })] },
      createdBy: { ...text, description: 'Who made the request: the person, or an agent admin for them' },
      creatorName: textOrNull,
      creatorEmail: textOrNull,
      creatorPhone: textOrNull,
      contactPhone: textOrNull,
      requestMessage: textOrNull,
      priceSen: { type: ['integer', 'null'], description: 'The price it was made at, in sen (RM x 100)' },
      discountSen: { type: ['integer', 'null'], description: 'What its packages took off, in sen' },
      netPriceSen: { type: ['integer', 'null'], description: 'The price to pay after the discount, in sen' },
      cancellationDate: atOrNull,
      history: { type: 'array', items: { $ref: '#/$defs/statusChange' } },
      fee: { oneOf: [{ type: 'null' }, { $ref: '#/$defs/fee' }] },
      documents: { type: 'array', items: { $ref: '#/$defs/document' } },
    }),
    statusChange: record("A step of the booking's workflow", {
      from: textOrNull,
      to: text,
      notes: textOrNull,
      at: atOrNull,
    }),
    fee: record('The booking fee on record', {
      id,
      _id: id,
      bookingId: id,
      amount: { type: 'number', description: 'Whole RM' },
      method: { enum: ['cheque', 'bank_transfer', 'fpx', 'card', 'cash'] },
      reference: textOrNull,
      status: { enum: ['expected', 'received', 'refunded'] },
      receivedOn: day,
      refundedOn: day,
      refundReason: textOrNull,
      receipt: {
        oneOf: [
          { type: 'null' },
          record('The receipt file: its bytes are in the ZIP at `file` (also readable signed in at `url`)', {
            name: text,
            mimeType: textOrNull,
            size: { type: ['integer', 'null'] },
            url: text,
            downloadUrl: text,
            file: { ...text, description: 'Path inside the ZIP: fees/booking-<booking id>-<fee id>-receipt.<ext>' },
          }),
        ],
      },
      recordedById: idOrNull,
      createdAt: atOrNull,
      updatedAt: atOrNull,
    }),
    document: record("A document's metadata; its bytes are in the ZIP at `file` unless it was deleted", {
      id,
      documentType: { enum: ['cheque', 'ic_front', 'ic_back', 'uploaded_document', 'other'] },
      originalName: text,
      mimeType: textOrNull,
      size: { type: ['integer', 'null'], description: 'Bytes' },
      createdAt: atOrNull,
      deletedAt: atOrNull,
      deletionReason: textOrNull,
      file: { ...textOrNull, description: 'Path inside the ZIP; null once the document was deleted' },
    }),
    consent: record('Consent to the privacy notice given with a booking', {
      bookingId: id,
      noticeVersion: { type: 'integer', minimum: 1, description: 'The version of the privacy notice shown' },
      consentedAt: at,
    }),
    notification: record('A notification shown to the person', {
      id,
      kind: text,
      title: text,
      body: textOrNull,
      link: textOrNull,
      readAt: atOrNull,
      createdAt: atOrNull,
    }),
    deletionRequest: record('A request that the account be deleted, and its answer', {
      id,
      _id: id,
      userId: idOrNull,
      user: text,
      reason: textOrNull,
      status: { enum: ['pending', 'confirmed', 'declined'] },
      createdAt: atOrNull,
      decidedAt: atOrNull,
      decidedBy: textOrNull,
      declineReason: textOrNull,
    }),
    auditEntry: record('A change to the account, or one the person made, on the audit trail', {
      at,
      action: text,
      actor: record('Who made it', { name: text, role: text }),
      subject: record('What it changed', { type: text, id: idOrNull }),
      before: { type: ['object', 'null'] },
      after: { type: ['object', 'null'] },
    }),
  },
} as const
