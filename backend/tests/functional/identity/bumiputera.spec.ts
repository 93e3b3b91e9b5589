import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'

async function world() {
  const agency = await createAgency()
  const otherAgency = await createAgency()
  return {
    member: await createUser({ agencyId: agency.id, agencyStatus: 'approved', bumiputeraStatus: 'declared' }),
    otherMember: await createUser({ agencyId: otherAgency.id, agencyStatus: 'approved', bumiputeraStatus: 'declared' }),
    plainUser: await createUser({ bumiputeraStatus: 'declared' }),
    agentAdmin: await createUser({
      role: 'agent_admin',
      agencyId: agency.id,
      agencyStatus: 'approved',
      bumiputeraStatus: 'declared',
    }),
    superAdmin: await createUser({ role: 'super_admin', bumiputeraStatus: 'declared' }),
  }
}

async function statusOf(user: User) {
  return (await User.findOrFail(user.id)).bumiputeraStatus
}

async function auditCount() {
  const row = await db.from('audit_entries').where('action', 'like', 'user.bumiputera_%').count('* as total').first()
  return Number(row.total)
}

test.group('Identity | Bumiputera status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a super admin verifies or rejects anyone, on the audit trail', async ({ client, assert }) => {
    const people = await world()
    const token = await bearerFor(client, people.superAdmin)
    const verified = await client
      .put(`/api/users/${people.otherMember.id}/bumiputera`)
      .bearerToken(token)
      .json({ status: 'verified' })
    verified.assertStatus(200)
    assert.containSubset(verified.body(), {
      message: 'Bumiputera status verified.',
      bumiputeraStatus: 'verified',
      bumiputeraVerifiedBy: people.superAdmin.id,
      bumiputeraVerifiedByName: people.superAdmin.name,
    })
    assert.isString(verified.body().bumiputeraVerifiedAt)
    const rejected = await client
      .put(`/api/users/${people.plainUser.id}/bumiputera`)
      .bearerToken(token)
      .json({ status: 'rejected' })
    rejected.assertStatus(200)
    assert.equal(await statusOf(people.plainUser), 'rejected')
    assert.equal(await auditCount(), 2)
  })

  test("an agent admin verifies their agency's members only", async ({ client, assert }) => {
    const people = await world()
    const token = await bearerFor(client, people.agentAdmin)
    const own = await client
      .put(`/api/users/${people.member.id}/bumiputera`)
      .bearerToken(token)
      .json({ status: 'verified' })
    own.assertStatus(200)
    assert.equal(await statusOf(people.member), 'verified')

    for (const person of [people.otherMember, people.plainUser]) {
      const refused = await client
        .put(`/api/users/${person.id}/bumiputera`)
        .bearerToken(token)
        .json({ status: 'verified' })
      refused.assertStatus(403)
      refused.assertBody({
        message:
          "Only a super admin, or an agent admin for their own agency's members, can verify a Bumiputera status.",
      })
      assert.equal(await statusOf(person), 'declared')
    }
  })

  test('a user cannot verify anyone, nor themselves', async ({ client, assert }) => {
    const people = await world()
    const token = await bearerFor(client, people.member)
    for (const person of [people.member, people.plainUser]) {
      const refused = await client
        .put(`/api/users/${person.id}/bumiputera`)
        .bearerToken(token)
        .json({ status: 'verified' })
      refused.assertStatus(403)
      assert.equal(await statusOf(person), 'declared')
    }
  })

  test('nobody verifies their own status, a super admin or an agent admin included', async ({ client, assert }) => {
    const people = await world()
    for (const self of [people.superAdmin, people.agentAdmin]) {
      const refused = await client
        .put(`/api/users/${self.id}/bumiputera`)
        .bearerToken(await bearerFor(client, self))
        .json({ status: 'verified' })
      refused.assertStatus(403)
      refused.assertBody({ message: 'You cannot verify or reject your own Bumiputera status.' })
      assert.equal(await statusOf(self), 'declared')
    }
    assert.equal(await auditCount(), 0)
  })

  test('bad input: 422 with the field; an undeclared status 409; an unknown user 404; nothing written', async ({
    client,
    assert,
  }) => {
    const people = await world()
    const token = await bearerFor(client, people.superAdmin)
    const bad = await client
      .put(`/api/users/${people.member.id}/bumiputera`)
      .bearerToken(token)
      .json({ status: 'none' })
    bad.assertStatus(422)
    assert.containSubset(bad.body(), { errors: [{ field: 'status' }] })

    const undeclared = await createUser()
    const notDeclared = await client
      .put(`/api/users/${undeclared.id}/bumiputera`)
      .bearerToken(token)
      .json({ status: 'verified' })
    notDeclared.assertStatus(409)
    notDeclared.assertBody({ message: 'This person has not declared Bumiputera status.' })
    assert.equal(await statusOf(undeclared), 'none')

    ;(await client.put('/api/users/999999/bumiputera').bearerToken(token).json({ status: 'verified' })).assertStatus(
      404
    )
    assert.equal(await statusOf(people.member), 'declared')
    assert.equal(await auditCount(), 0)
  })
})
