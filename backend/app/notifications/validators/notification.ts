import vine from '@vinejs/vine'
import { NOTIFICATION_KIND_NAMES } from '#notifications/kinds'

export const notificationFilterValidator = vine.create({
  unread: vine.boolean().optional(),
})

/** The profile's email switches: `{ "preferences": [{ "kind": "booking_status", "email": false }] }`. */
export const updatePreferencesValidator = vine.create({
  preferences: vine
    .array(
      vine.object({
        kind: vine.enum(NOTIFICATION_KIND_NAMES),
        email: vine.boolean(),
      })
    )
    .minLength(1)
    .maxLength(NOTIFICATION_KIND_NAMES.length),
})
