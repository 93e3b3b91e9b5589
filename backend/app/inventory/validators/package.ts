import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_PRICE_SEN } from '#inventory/validators/price_list'
import { FULL_PERCENT_BP } from '#inventory/packages'

/** A package names at most this many lots; more is "all the development's lots". */
export const MAX_PACKAGE_LOTS = 5_000

const fields = {
  name: vine.string().trim().minLength(1).maxLength(120),
  kind: vine.enum(['percent', 'fixed'] as const),
  // Basis points: 500 is 5%, 725 is 7.25%.
  percentBp: vine.number().withoutDecimals().min(1).max(FULL_PERCENT_BP).nullable().optional(),
  amountSen: vine.number().withoutDecimals().min(1).max(MAX_PRICE_SEN).nullable().optional(),
  // Read as ISO 8601 moments with their zone by the action.
  validFrom: vine.string().trim().maxLength(40).optional(),
  validUntil: vine.string().trim().maxLength(40).nullable().optional(),
  // Absent or null: all the development's lots.
  lotIds: vine
    .array(vine.number().withoutDecimals().min(1))
    .minLength(1)
    .maxLength(MAX_PACKAGE_LOTS)
    .nullable()
    .optional(),
  combinable: vine.boolean(),
  eligibility: vine.enum(['everyone', 'bumiputera'] as const),
}

const messages = {
  'developmentId.required': 'Please choose a development',
  'developmentId.number': 'Please choose a development',
  'developmentId.withoutDecimals': 'Please choose a development',
  'developmentId.min': 'Please choose a development',
  'name.required': 'A name is required',
  'name.minLength': 'A name is required',
  'name.maxLength': 'The name must be at most 120 characters',
  'kind.required': 'Choose a percentage or a fixed amount',
  'kind.enum': 'Choose a percentage or a fixed amount',
  'percentBp.number': 'The percentage must be in basis points (500 is 5%)',
  'percentBp.withoutDecimals': 'The percentage must be in whole basis points (500 is 5%)',
  'percentBp.min': 'The percentage must be more than 0',
  'percentBp.max': 'The percentage cannot be over 100%',
  'amountSen.number': 'The amount must be a whole number of sen',
  'amountSen.withoutDecimals': 'The amount must be a whole number of sen',
  'amountSen.min': 'The amount must be more than 0',
  'amountSen.max': 'The amount is too large',
  'lotIds.array': 'lotIds must be a list of lot ids',
  'lotIds.array.minLength': 'Choose at least one lot, or all lots',
  'lotIds.array.maxLength': `A package names at most ${MAX_PACKAGE_LOTS} lots`,
  'lotIds.*.number': 'lotIds must be lot ids',
  'lotIds.*.withoutDecimals': 'lotIds must be lot ids',
  'lotIds.*.min': 'lotIds must be lot ids',
  'combinable.required': 'Say whether the package may combine with others',
  'combinable.boolean': 'combinable must be true or false',
  'eligibility.required': 'Choose who may have the package',
  'eligibility.enum': 'Eligibility must be everyone or bumiputera',
  string: 'The {{ field }} field must be text',
  maxLength: 'The {{ field }} field is too long',
}

export const createPackageValidator = vine.create({
  developmentId: vine.number().withoutDecimals().min(1).max(2_147_483_647),
  ...fields,
})
createPackageValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** A scheduled package's terms, all given again (its development stays). */
export const updatePackageValidator = vine.create(fields)
updatePackageValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** GET /api/lots/:id/packages: whom the offer is for (default: oneself). */
export const offeredPackagesValidator = vine.create({
  userId: vine.number().withoutDecimals().min(1).max(2_147_483_647).optional(),
})
offeredPackagesValidator.messagesProvider = new SimpleMessagesProvider({
  'userId.number': 'Please select a user',
  'userId.withoutDecimals': 'Please select a user',
  'userId.min': 'Please select a user',
  'userId.max': 'Please select a user',
})
