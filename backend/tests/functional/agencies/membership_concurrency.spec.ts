import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { User } from '#identity'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'

/**
 * No global transaction here: the requests must really race on separate connections and
 * commit (a launch day: many new users asking to join one agency at the same moment).
 * Everything the test creates is removed afterwards.
 */
test.group('Membership | requests to one agency at once', () => {
  test('20 new users ask to join the same agency in parallel: every request is recorded, no 5xx', async ({
    client,
    assert,
  }) => {
    const agency = await createAgency()
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser()))
    const tokens = await Promise.all(users.map((user) => bearerFor(client, user)))
    const ids = users.map((user) => user.id)

    try {
      const responses = await Promise.all(
        tokens.map((token) =>
          client
            .post('/api/users/request-agency')
            .bearerToken(token)
            .json({ agencyId: agency.id, position: 'Member', message: 'Launch day' })
        )
      )
      const statuses = responses.map((response) => response.status())
      assert.deepEqual(
        statuses,
        users.map(() => 201)
      )
      const pending = await db
        .from('agency_membership_requests')
        .where('agency_id', agency.id)
        .where('status', 'pending')
        .count('* as total')
      assert.equal(Number(pending[0].total), 20)
      const stored = await User.query().whereIn('id', ids)
      assert.isTrue(stored.every((user) => user.agencyId === agency.id && user.agencyStatus === 'pending'))
    } finally {
      await db.from('agency_membership_requests').whereIn('user_id', ids).delete()
      await db.from('auth_access_tokens').whereIn('tokenable_id', ids).delete()
      await User.query().whereIn('id', ids).delete()
      await db.from('agencies').where('id', agency.id).delete()
    }
  }).timeout(60_000)
})
