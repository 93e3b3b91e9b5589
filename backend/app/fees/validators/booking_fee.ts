import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { FEE_METHODS } from '#fees/models/booking_fee'

/** The largest fee on record, in RM: well above any lot's booking fee, well inside an integer column. */
export const MAX_FEE_AMOUNT = 100_000_000

const day = () => vine.date({ formats: ['YYYY-MM-DD'] }).beforeOrEqual('today')

const dateMessages = {
  date: 'The {{ field }} must be a date (YYYY-MM-DD)',
  'date.beforeOrEqual': 'The {{ field }} cannot be in the future',
}

/** Refunds have their own action. */
export const bookingFeeValidator = vine.create(
  vine.object({
    amount: vine.number().withoutDecimals().min(1).max(MAX_FEE_AMOUNT),
    method: vine.enum(FEE_METHODS),
    reference: vine.string().trim().maxLength(120).nullable().optional(),
    status: vine.enum(['expected', 'received'] as const),
    receivedOn: day().nullable().optional(),
  })
)
bookingFeeValidator.messagesProvider = new SimpleMessagesProvider({
  ...dateMessages,
  'amount.required': 'Please enter the booking fee amount in RM',
  'amount.number': 'The amount must be a whole number of RM',
  'amount.withoutDecimals': 'The amount must be a whole number of RM (no sen)',
  'amount.min': 'The amount must be at least RM 1',
  'amount.max': `The amount must be at most RM ${MAX_FEE_AMOUNT.toLocaleString('en-MY')}`,
  'method.required': 'Please choose how the fee was paid',
  'method.enum': 'The method must be one of: cheque, bank transfer, FPX, card, cash',
  'reference.maxLength': 'The reference must be at most 120 characters',
  'status.required': 'Please choose the fee status',
  'status.enum': 'The status must be expected or received (use Refund to record a refund)',
  receivedOn: 'The date received must be a date (YYYY-MM-DD)',
  'receivedOn.date': 'The date received must be a date (YYYY-MM-DD)',
  'receivedOn.beforeOrEqual': 'The date received cannot be in the future',
  string: 'The {{ field }} field must be text',
})

export const refundBookingFeeValidator = vine.create(
  vine.object({
    refundedOn: day(),
    reason: vine.string().trim().minLength(1).maxLength(1000),
  })
)
refundBookingFeeValidator.messagesProvider = new SimpleMessagesProvider({
  ...dateMessages,
  'refundedOn.required': 'Please enter the refund date',
  'refundedOn.date': 'The refund date must be a date (YYYY-MM-DD)',
  'refundedOn.beforeOrEqual': 'The refund date cannot be in the future',
  'reason.required': 'A reason is required to record a refund',
  'reason.minLength': 'A reason is required to record a refund',
  'reason.maxLength': 'The reason must be at most 1000 characters',
  string: 'The {{ field }} field must be text',
})

export const feesReportValidator = vine.create(
  vine.object({
    from: vine
      .date({ formats: ['YYYY-MM-DD'] })
      .nullable()
      .optional(),
    to: vine
      .date({ formats: ['YYYY-MM-DD'] })
      .afterOrSameAs('from')
      .nullable()
      .optional(),
    agencyId: vine.number().withoutDecimals().positive().nullable().optional(),
  })
)
feesReportValidator.messagesProvider = new SimpleMessagesProvider({
  'from.date': 'The from date must be a date (YYYY-MM-DD)',
  'to.date': 'The to date must be a date (YYYY-MM-DD)',
  'to.afterOrSameAs': 'The to date must be on or after the from date',
  'agencyId.number': 'The agency must be an agency id',
  'agencyId.withoutDecimals': 'The agency must be an agency id',
  'agencyId.positive': 'The agency must be an agency id',
})
