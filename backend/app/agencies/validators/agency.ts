import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { emailAddress } from '#core/validation'

const agencyMessages = {
  'name.required': 'Agency name is required',
  'name.maxLength': 'Agency name must be at most 150 characters',
  'name.database.unique': 'An agency with this name already exists',
  'contactEmail.required': 'Contact email is required',
  'contactEmail.email': 'Contact email must be a valid email address',
  'contactEmail.maxLength': 'Contact email must be a valid email address',
  'contactPhone.maxLength': 'Contact phone must be at most 32 characters',
  'address.maxLength': 'Address must be at most 500 characters',
  'description.maxLength': 'Description must be at most 5000 characters',
  'isActive.boolean': 'isActive must be true or false',
  string: 'The {{ field }} field must be text',
}

const agencyFields = (uniqueName: ReturnType<typeof vine.string>) => ({
  name: uniqueName,
  description: vine.string().trim().maxLength(5000).nullable().optional(),
  contactEmail: emailAddress(),
  contactPhone: vine.string().trim().maxLength(32).nullable().optional(),
  address: vine.string().trim().maxLength(500).nullable().optional(),
  isActive: vine.boolean().optional(),
})

export const createAgencyValidator = vine.create(
  agencyFields(vine.string().trim().maxLength(150).unique({ table: 'agencies', column: 'name', caseInsensitive: true }))
)
createAgencyValidator.messagesProvider = new SimpleMessagesProvider(agencyMessages)

export const updateAgencyValidator = vine.withMetaData<{ agencyId: number }>().create(
  agencyFields(
    vine
      .string()
      .trim()
      .maxLength(150)
      .unique({
        table: 'agencies',
        column: 'name',
        caseInsensitive: true,
        filter: (query, _value, field) => {
          query.whereNot('id', field.meta.agencyId)
        },
      })
  )
)
updateAgencyValidator.messagesProvider = new SimpleMessagesProvider(agencyMessages)

/** 'Please select both an agency and a user' (requirements: super-admin.md#agent-admins-management). */
export const assignAgentAdminValidator = vine.create({
  userId: vine.number().withoutDecimals().positive(),
})
assignAgentAdminValidator.messagesProvider = new SimpleMessagesProvider({
  'userId.required': 'Please select both an agency and a user',
  'userId.number': 'Please select both an agency and a user',
  'userId.withoutDecimals': 'Please select both an agency and a user',
  'userId.positive': 'Please select both an agency and a user',
})

export const publicAgentAdminsValidator = vine.create({
  agencyId: vine.number().withoutDecimals().positive(),
})
publicAgentAdminsValidator.messagesProvider = new SimpleMessagesProvider({
  'agencyId.required': 'agencyId is required',
  'agencyId.number': 'agencyId must be a number',
  'agencyId.withoutDecimals': 'agencyId must be a number',
  'agencyId.positive': 'agencyId must be a number',
})
