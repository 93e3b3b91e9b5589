import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { asSentence } from '#core/sentences'
import { displayDate, displayDateTime, displayTime } from '#core/dates'
import { heldForWaitlistMessage } from '#waitlist/notices'
import { deletedDocumentMessage } from '#documents/retention'

test.group('Messages | what people read in mails and answers', () => {
  test('a typed reason ends one sentence, never two stops', ({ assert }) => {
    assert.equal(asSentence('The photo is too dark.'), 'The photo is too dark.')
    assert.equal(asSentence(' The photo is too dark '), 'The photo is too dark.')
    assert.equal(asSentence('Is this the back?'), 'Is this the back?')
  })

  test('moments read as both front ends write them, on Malaysia time', ({ assert }) => {
    const moment = DateTime.fromISO('2026-11-27T06:05:00Z')
    assert.equal(displayDate(moment), 'Nov 27, 2026')
    assert.equal(displayTime(moment), '2:05 PM MYT')
    assert.equal(displayDateTime('2026-11-27T06:05:00.000Z'), 'Nov 27, 2026, 2:05 PM MYT')
    // Past midnight in Malaysia: the next day there.
    assert.equal(displayDateTime(new Date('2026-11-27T16:30:00Z')), 'Nov 28, 2026, 12:30 AM MYT')
  })

  test('the waitlist hold and a deleted document name their moment the same way', ({ assert }) => {
    const until = DateTime.fromISO('2026-11-27T06:05:00Z')
    assert.equal(
      heldForWaitlistMessage(until, DateTime.fromISO('2026-11-27T05:00:00Z')),
      'This lot is held for the next person on its waitlist until 2:05 PM MYT. Please try again later.'
    )
    assert.equal(
      heldForWaitlistMessage(until, DateTime.fromISO('2026-11-25T05:00:00Z')),
      'This lot is held for the next person on its waitlist until Nov 27, 2026, 2:05 PM MYT. Please try again later.'
    )
    assert.equal(
      deletedDocumentMessage({ deletedAt: until, deletionReason: null }),
      'This document was deleted on Nov 27, 2026.'
    )
  })
})
