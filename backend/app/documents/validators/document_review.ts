import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'

export const MAX_REVIEW_REASON = 500

export const REASON_REQUIRED = 'Please give a reason for rejecting this document.'

export const documentReviewValidator = vine.create(
  vine.object({
    status: vine.enum(['accepted', 'rejected'] as const),
    reason: vine.string().trim().maxLength(MAX_REVIEW_REASON).nullable().optional(),
  })
)
documentReviewValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': 'Please choose whether to accept or reject this document.',
  'status.enum': 'The status must be accepted or rejected.',
  'reason.string': 'The reason must be text.',
  'reason.maxLength': `The reason must be at most ${MAX_REVIEW_REASON} characters.`,
})

export type DocumentReviewInput = { status: 'accepted' | 'rejected'; reason: string | null }

/** The review as the action takes it: a rejection needs its reason; an acceptance keeps none. */
export async function validateDocumentReview(request: HttpContext['request']): Promise<DocumentReviewInput> {
  const body: unknown = request.body()
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw AppError.invalid('status', 'Please choose whether to accept or reject this document.')
  }
  // The body alone: a query string never stands in for the reviewer's choice.
  const { status, reason } = await request.validateUsing(documentReviewValidator, { data: body })
  if (status === 'rejected' && !reason) throw AppError.invalid('reason', REASON_REQUIRED)
  return { status, reason: status === 'rejected' ? reason! : null }
}
