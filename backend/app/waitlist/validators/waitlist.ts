import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_WAITLIST_MINUTES } from '#waitlist/window'

export const waitlistWindowValidator = vine.create(
  vine.object({ minutes: vine.number().withoutDecimals().min(1).max(MAX_WAITLIST_MINUTES) })
)

waitlistWindowValidator.messagesProvider = new SimpleMessagesProvider({
  'minutes.required': 'The waitlist window is required',
  number: 'The waitlist window must be a number of minutes',
  withoutDecimals: 'The waitlist window must be a whole number of minutes',
  min: 'The waitlist window must be at least 1 minute',
  max: `The waitlist window must be at most ${MAX_WAITLIST_MINUTES} minutes (24 hours)`,
})

export const MAX_PER_PAGE = 100

/** GET /api/agency/waitlist: `page` (from 1) and `perPage` (1 to 100, default 25). */
export const agencyWaitlistQueryValidator = vine.create(
  vine.object({
    page: vine.number().withoutDecimals().min(1).max(100_000).optional(),
    perPage: vine.number().withoutDecimals().min(1).max(MAX_PER_PAGE).optional(),
  })
)

agencyWaitlistQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'page.number': 'The page must be a number',
  'page.withoutDecimals': 'The page must be a whole number',
  'page.min': 'The page must be at least 1',
  'page.max': 'The page must be at most 100000',
  'perPage.number': 'The page size must be a number',
  'perPage.withoutDecimals': 'The page size must be a whole number',
  'perPage.min': 'The page size must be at least 1',
  'perPage.max': `The page size must be at most ${MAX_PER_PAGE}`,
})
