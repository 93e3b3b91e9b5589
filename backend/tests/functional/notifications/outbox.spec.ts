import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import { bearerFor, createUser } from '#tests/helpers/identity'

test.group('Mail | without SMTP, super admins read the outbox', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each email kept as rendered: recipients, subject, text, HTML, when; newest first; super admins only', async ({
    client,
    assert,
  }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const agent = await createUser({ role: 'agent_admin' })
    const member = await createUser()
    // The mailer the SendMail job uses in production without SMTP (#core/mail/queue_transport).
    const outbox = mail.use('outbox')
    await outbox.send((message) => {
      message.from('no-reply@aero-demo.my').to('buyer@example.my').subject('First').text('Plain one')
    })
    await outbox.send((message) => {
      message
        .from('no-reply@aero-demo.my')
        .to('sales@aero-demo.my')
        .bcc('audit@aero-demo.my')
        .subject('Second')
        .text('Plain two')
        .html('<p>Rich two</p>')
    })

    ;(await client.get('/api/admin/outbox')).assertStatus(401)
    ;(await client.get('/api/admin/outbox').bearerToken(await bearerFor(client, agent))).assertStatus(403)
    ;(await client.get('/api/admin/outbox').bearerToken(await bearerFor(client, member))).assertStatus(403)

    const list = await client.get('/api/admin/outbox').bearerToken(await bearerFor(client, superAdmin))
    list.assertStatus(200)
    assert.equal(list.header('content-range'), 'outbox 0-1/2')
    const [second, first] = list.body()
    assert.containSubset(second, {
      to: 'sales@aero-demo.my, audit@aero-demo.my',
      subject: 'Second',
      text: 'Plain two',
      html: '<p>Rich two</p>',
    })
    assert.containSubset(first, { to: 'buyer@example.my', subject: 'First', text: 'Plain one', html: null })
    assert.isNotNull(first.sentAt)
  })
})
