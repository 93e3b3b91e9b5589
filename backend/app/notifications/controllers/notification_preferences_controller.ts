import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { kindsFor } from '#notifications/kinds'
import { emailPreferences, PREFERENCES_TABLE } from '#notifications/queries/preferences'
import { updatePreferencesValidator } from '#notifications/validators/notification'

export default class NotificationPreferencesController {
  async show({ auth, response }: HttpContext) {
    response.header('Cache-Control', 'private, no-store')
    return emailPreferences(auth.getUserOrFail())
  }

  async update({ auth, request }: HttpContext) {
    const me = auth.getUserOrFail()
    const { preferences } = await request.validateUsing(updatePreferencesValidator)
    const allowed = kindsFor(me.role)
    const index = preferences.findIndex((preference) => !allowed.includes(preference.kind))
    if (index >= 0) {
      throw AppError.invalid(`preferences.${index}.kind`, 'You do not receive this kind of notification.')
    }
    await db.transaction(async (trx) => {
      for (const { kind, email } of preferences) {
        await trx.from(PREFERENCES_TABLE).where({ user_id: me.id, kind }).delete()
        await trx.table(PREFERENCES_TABLE).insert({ user_id: me.id, kind, email })
      }
    })
    return emailPreferences(me)
  }
}
