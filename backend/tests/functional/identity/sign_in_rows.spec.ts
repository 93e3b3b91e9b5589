import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { User } from '#identity'
import { accountTag } from '#identity/services/known_devices'
import { startInstance, type Instance } from '#tests/helpers/instances'

/**
 * What failed sign-ins leave in the limiter's database store (`rate_limits`): an email without
 * an account gets its per-address count and nothing per account, so spraying made-up emails
 * cannot grow the table by four rows a guess; a real account's counts are kept as before. The
 * tests' own server counts in memory (.env.test), and the database store runs its own
 * transactions, so these sign-ins go to a backend process of their own on the database store,
 * with committed rows that the tests delete.
 */
let instance: Instance

function signIn(email: string, from: string) {
  return fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password: 'a-wrong-guess' }),
  })
}

/** The limiter rows that name one of `emails` or its account. */
async function rowsAbout(emails: string[]): Promise<string[]> {
  const needles = emails.flatMap((email) => [email, accountTag(email)])
  const rows: Array<{ key: string }> = await db
    .from('rate_limits')
    .where((query) => {
      for (const needle of needles) query.orWhere('key', 'like', `%${needle}%`)
    })
    .select('key')
  return rows.map((row) => row.key)
}

async function deleteRowsAbout(emails: string[]) {
  const needles = emails.flatMap((email) => [email, accountTag(email)])
  await db
    .from('rate_limits')
    .where((query) => {
      for (const needle of needles) query.orWhere('key', 'like', `%${needle}%`)
    })
    .delete()
}

test.group('Identity | failed sign-ins in the database store', (group) => {
  group.setup(async () => {
    instance = await startInstance({ LIMITER_STORE: 'database' })
    return () => instance.stop()
  })

  test('N failed sign-ins with N emails without an account add N rows: the per-address counts', async ({ assert }) => {
    const run = randomUUID().slice(0, 8)
    const emails = Array.from({ length: 12 }, (_, i) => `nobody-${run}-${i}@example.my`)
    try {
      for (const [i, email] of emails.entries()) {
        const answer = await signIn(email, `198.51.100.${i + 1}`)
        assert.equal(answer.status, 401, instance.output())
        assert.deepEqual(await answer.json(), { message: 'Invalid credentials. Please try again.' })
      }
      const rows = await rowsAbout(emails)
      assert.lengthOf(rows, emails.length, rows.join('\n'))
      for (const email of emails) assert.isTrue(rows.some((key) => key.includes(email)))
    } finally {
      await deleteRowsAbout(emails)
    }
  })

  test("an account's failures are still counted per account, and answered the same", async ({ assert }) => {
    const email = `someone-${randomUUID().slice(0, 8)}@example.my`
    const user = await User.create({
      name: 'Row Counter',
      email,
      password: 'Secret#123',
      role: 'user',
      position: 'Member',
      agencyStatus: 'none',
    })
    try {
      const answer = await signIn(email, '198.51.100.200')
      assert.equal(answer.status, 401)
      assert.deepEqual(await answer.json(), { message: 'Invalid credentials. Please try again.' })
      const rows = await rowsAbout([email])
      assert.isTrue(
        rows.some((key) => key.includes(`login-account:${accountTag(email)}`)),
        rows.join('\n')
      )
    } finally {
      await deleteRowsAbout([email])
      await user.delete()
    }
  })
})
