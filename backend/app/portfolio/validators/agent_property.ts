import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { SHARE_PLATFORMS } from '#portfolio/models/agent_property_share'

export const SELECT_OWNED_PROPERTY = 'Please select a property from your owned properties.'
export const MAX_TAGS = 30
const MAX_TAG_LENGTH = 100

/** Repeated fields, a JSON array or one comma- or line-separated string, made a list of distinct short texts. */
const tagListRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    let items: unknown[]
    if (Array.isArray(value)) items = value
    else if (typeof value === 'string' && value.trim().startsWith('[')) {
      try {
        items = JSON.parse(value)
      } catch {
        return field.report('The {{ field }} field must be a list of texts', 'tagList', field)
      }
      if (!Array.isArray(items)) return field.report('The {{ field }} field must be a list of texts', 'tagList', field)
    } else if (typeof value === 'string') items = value.split(/[\n,]/)
    else return field.report('The {{ field }} field must be a list of texts', 'tagList', field)

    if (items.some((item) => typeof item !== 'string')) {
      return field.report('The {{ field }} field must be a list of texts', 'tagList', field)
    }
    const tags = [...new Set((items as string[]).map((item) => item.trim()).filter(Boolean))]
    if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) {
      return field.report(`Each of {{ field }} must be at most ${MAX_TAG_LENGTH} characters`, 'tagList', field)
    }
    if (tags.length > MAX_TAGS) return field.report(`At most ${MAX_TAGS} {{ field }} are allowed`, 'tagList', field)
    field.mutate(tags, field)
  },
  {
    // What the API reference shows (VineJS describes `vine.any()` as any type at all).
    toJSONSchema: (schema) => {
      schema.anyOf = [
        { type: 'array', items: { type: 'string', maxLength: MAX_TAG_LENGTH }, maxItems: MAX_TAGS },
        { type: 'string', description: 'A JSON array, or texts separated by commas or lines' },
      ]
    },
  }
)

const tagList = () => vine.any().use(tagListRule()).nullable().optional()
const text = (max: number) => vine.string().trim().maxLength(max).nullable().optional()
const count = () => vine.number().withoutDecimals().min(0).max(1000).nullable().optional()
const area = () => vine.number().decimal([0, 2]).min(0).max(99_999_999).nullable().optional()
const percent = () => vine.number().decimal([0, 2]).min(0).max(999.99).nullable().optional()

/** The Add to Catalogue dialog (requirements: agent-admin.md#add-to-catalogue); images travel beside these. */
export const addToCatalogueValidator = vine.create({
  propertyId: vine.number().withoutDecimals().positive().optional().requiredIfMissing('bookingId'),
  bookingId: vine.number().withoutDecimals().positive().optional(),
  displayName: text(150),
  description: text(5000),
  propertyType: text(60),
  lotNumber: text(40),
  lotSize: area(),
  builtUpArea: area(),
  price: vine.number().withoutDecimals().min(0).max(1_000_000_000_000).nullable().optional(),
  pricePerSqft: vine.number().withoutDecimals().min(0).max(10_000_000).nullable().optional(),
  bedrooms: count(),
  bathrooms: count(),
  parking: count(),
  features: tagList(),
  amenities: tagList(),
  address: text(500),
  city: text(100),
  state: text(100),
  postcode: vine
    .string()
    .trim()
    .maxLength(10)
    .regex(/^[\w -]*$/)
    .nullable()
    .optional(),
  expectedROI: percent(),
  rentalYield: percent(),
  // VineJS gives dates no JSON Schema of their own; the API reference shows this one.
  completionDate: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .meta({ type: 'string', format: 'date' })
    .nullable()
    .optional(),
  shareWithAgency: vine.boolean().optional(),
})
addToCatalogueValidator.messagesProvider = new SimpleMessagesProvider({
  'propertyId.required': SELECT_OWNED_PROPERTY,
  'propertyId.requiredIfMissing': SELECT_OWNED_PROPERTY,
  'propertyId.number': SELECT_OWNED_PROPERTY,
  'propertyId.withoutDecimals': SELECT_OWNED_PROPERTY,
  'propertyId.positive': SELECT_OWNED_PROPERTY,
  'bookingId.number': SELECT_OWNED_PROPERTY,
  'bookingId.withoutDecimals': SELECT_OWNED_PROPERTY,
  'bookingId.positive': SELECT_OWNED_PROPERTY,
  'postcode.regex': 'Please enter a valid postcode',
  'completionDate.date': 'The completion date must be a date (YYYY-MM-DD)',
  'shareWithAgency.boolean': 'shareWithAgency must be true or false',
  maxLength: 'The {{ field }} field must be at most {{ max }} characters',
  number: 'The {{ field }} field must be a number',
  withoutDecimals: 'The {{ field }} field must be a whole number',
  decimal: 'The {{ field }} field may have at most 2 decimals',
  min: 'The {{ field }} field must be at least {{ min }}',
  max: 'The {{ field }} field must be at most {{ max }}',
  string: 'The {{ field }} field must be text',
})

export const SORTS = ['dateOwned', 'name', 'price', 'shares'] as const
export type PortfolioSort = (typeof SORTS)[number]

/** Search, status filter (default all) and the four sort orders (requirements: agent-admin.md#portfolio). */
export const portfolioFiltersValidator = vine.create({
  search: vine.string().trim().maxLength(100).nullable().optional(),
  status: vine
    .enum(['all', 'active', 'sold', 'pending'] as const)
    .nullable()
    .optional(),
  sort: vine.enum(SORTS).nullable().optional(),
})
portfolioFiltersValidator.messagesProvider = new SimpleMessagesProvider({
  'search.maxLength': 'The search must be at most 100 characters',
  'status.enum': 'status must be one of all, active, sold, pending',
  'sort.enum': `sort must be one of ${SORTS.join(', ')}`,
  string: 'The {{ field }} field must be text',
})

export const sharePropertyValidator = vine.create({
  platform: vine.enum(SHARE_PLATFORMS),
})
sharePropertyValidator.messagesProvider = new SimpleMessagesProvider({
  'platform.required': 'Please choose where to share the property',
  'platform.enum': `Unknown platform. Choose one of ${SHARE_PLATFORMS.join(', ')}`,
})
