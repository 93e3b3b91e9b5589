import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import limiter from '@adonisjs/limiter/services/main'
import ContactMessage from '#contact/models/contact_message'
import ContactMessagePolicy from '#contact/policies/contact_message_policy'
import SubmitContactMessage, { CONTACT_SUCCESS } from '#contact/actions/submit_contact_message'
import { contactMessageValidator, updateContactMessageValidator } from '#contact/validators/contact_message'
import { serializeContactMessage } from '#contact/transformers/contact_message_transformer'
import { paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

const SORTABLE = { id: 'id', createdAt: 'created_at', status: 'status', name: 'name' }

export default class ContactMessagesController {
  /** POST /api/contact: public, at most 5 messages per 10 minutes from one address. */
  @inject()
  async store({ request, response }: HttpContext, submit: SubmitContactMessage) {
    const input = await request.validateUsing(contactMessageValidator)
    const allowed = await limiter
      .use({ requests: 5, duration: '10 mins' })
      .attempt(`contact:${request.ip()}`, () => true)
    if (!allowed) {
      throw AppError.tooManyRequests('Too many messages from your connection. Please try again in a few minutes.', 600)
    }
    const stored = await submit.handle(input, request.ip())
    return response.created({ message: CONTACT_SUCCESS, id: stored.id })
  }

  async index(ctx: HttpContext) {
    await ctx.bouncer.with(ContactMessagePolicy).authorize('manage')
    const params = parseListParams(ctx, SORTABLE, ['createdAt', 'DESC'])
    const query = ContactMessage.query()
    const { status, q } = params.filter as { status?: unknown; q?: unknown }
    if (status === 'new' || status === 'read') query.where('status', status)
    if (typeof q === 'string' && q.trim()) {
      const term = `%${q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
      query.where((w) => w.where('name', 'like', term).orWhere('email', 'like', term))
    }
    return (await paginate(ctx, 'contact-messages', query, params)).map(serializeContactMessage)
  }

  async show({ bouncer, params }: HttpContext) {
    await bouncer.with(ContactMessagePolicy).authorize('manage')
    return serializeContactMessage(await this.find(params.id))
  }

  async update({ bouncer, params, request }: HttpContext) {
    await bouncer.with(ContactMessagePolicy).authorize('manage')
    const { status } = await request.validateUsing(updateContactMessageValidator)
    const message = await this.find(params.id)
    message.status = status
    message.readAt = status === 'read' ? (message.readAt ?? DateTime.utc()) : null
    await message.save()
    return serializeContactMessage(message)
  }

  private async find(id: unknown) {
    const message = /^\d+$/.test(String(id)) ? await ContactMessage.find(Number(id)) : null
    if (!message) throw AppError.notFound('Message not found')
    return message
  }
}
