import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** One version lists at most this many lots: a development's whole inventory fits many times over. */
export const MAX_PRICE_LIST_ENTRIES = 5_000
/** RM 100 million in sen: past this a figure is a typing slip, not a price. */
export const MAX_PRICE_SEN = 10_000_000_000

export const publishPriceListValidator = vine.create(
  vine.object({
    label: vine.string().trim().minLength(1).maxLength(120),
    // Read as an ISO 8601 moment by the action: the zone it names is kept (no silent local time).
    effectiveAt: vine.string().trim().maxLength(40),
    entries: vine
      .array(
        vine.object({
          lotId: vine.number().withoutDecimals().min(1),
          priceSen: vine.number().withoutDecimals().min(0).max(MAX_PRICE_SEN),
        })
      )
      .minLength(1)
      .maxLength(MAX_PRICE_LIST_ENTRIES),
  })
)

publishPriceListValidator.messagesProvider = new SimpleMessagesProvider({
  'label.required': 'A label is required',
  'label.minLength': 'A label is required',
  'label.maxLength': 'The label must be at most 120 characters',
  'effectiveAt.required': 'The effective time is required',
  'entries.required': 'A price list needs at least one lot price',
  'entries.array': 'Entries must be a list of { lotId, priceSen }',
  'entries.array.minLength': 'A price list needs at least one lot price',
  'entries.array.maxLength': `A price list holds at most ${MAX_PRICE_LIST_ENTRIES} lot prices`,
  'entries.*.lotId.required': 'Each entry needs a lotId',
  'entries.*.lotId.number': 'lotId must be a lot id',
  'entries.*.lotId.withoutDecimals': 'lotId must be a lot id',
  'entries.*.lotId.min': 'lotId must be a lot id',
  'entries.*.priceSen.required': 'Each entry needs a priceSen',
  'entries.*.priceSen.number': 'The price must be a whole number of sen',
  'entries.*.priceSen.withoutDecimals': 'The price must be a whole number of sen',
  'entries.*.priceSen.min': 'The price cannot be negative',
  'entries.*.priceSen.max': 'The price is too large',
  'entries.*.object': 'Each entry must be { lotId, priceSen }',
  string: 'The {{ field }} field must be text',
})
