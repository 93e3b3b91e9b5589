import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * After removing spaces, an optional plus then 10 to 15 digits (requirements: account.md#registration).
 * The stored value keeps what the user typed, minus surrounding spaces.
 */
const phoneRule = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  if (!/^\+?\d{10,15}$/.test(value.replace(/\s+/g, ''))) {
    field.report('Please enter a valid phone number', 'phone', field)
  }
})

export const phoneNumber = () => vine.string().trim().maxLength(32).use(phoneRule())

export const emailAddress = () => vine.string().trim().toLowerCase().maxLength(254).email()
