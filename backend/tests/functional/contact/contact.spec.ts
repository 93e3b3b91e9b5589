import { test } from '@japa/runner'
import { readFile, rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import { ContactMessage } from '#contact'
import { bearerFor, createUser } from '#tests/helpers/identity'

const outbox = () => app.makePath(env.get('MAIL_OUTBOX')!)

async function recordedMail(): Promise<
  Array<{ to: Array<{ address: string }>; subject: string; text: string; replyTo: unknown }>
> {
  try {
    return (await readFile(outbox(), 'utf8'))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  } catch {
    return []
  }
}

const valid = {
  name: 'Lim Wei Jie',
  email: 'weijie@example.my',
  phone: '+60 12-345 6789',
  message: 'Is lot MKS-05 still available?',
}

test.group('Contact | the public form', (group) => {
  group.each.setup(async () => {
    await rm(outbox(), { force: true })
    return testUtils.db().withGlobalTransaction()
  })

  test('stores the message and emails the company', async ({ client, assert }) => {
    const response = await client.post('/api/contact').header('x-forwarded-for', '10.9.0.1').json(valid)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Thank you for your message! We will get back to you soon.')

    const stored = await ContactMessage.findOrFail(response.body().id)
    assert.containSubset(stored.$attributes, {
      name: valid.name,
      email: valid.email,
      phone: valid.phone,
      message: valid.message,
      status: 'new',
    })

    const mails = await recordedMail()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].to[0].address, env.get('CONTACT_EMAIL') ?? 'sales@aero-demo.my')
    assert.include(mails[0].subject, valid.name)
    assert.include(mails[0].text, valid.message)
  })

  test('every field is required, with the spec messages', async ({ client, assert }) => {
    const response = await client.post('/api/contact').json({})
    response.assertStatus(422)
    assert.includeDeepMembers(response.body().errors, [
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'phone', message: 'Phone number is required' },
      { field: 'message', message: 'Message is required' },
    ])
    const badEmail = await client.post('/api/contact').json({ ...valid, email: 'nope' })
    badEmail.assertBodyContains({ errors: [{ field: 'email', message: 'Please enter a valid email address' }] })
    assert.lengthOf(await ContactMessage.all(), 0)
    assert.lengthOf(await recordedMail(), 0)
  })

  test('is rate limited per address: the 6th message in 10 minutes is a 429', async ({ client, assert }) => {
    for (let i = 0; i < 5; i++) {
      ;(await client.post('/api/contact').header('x-forwarded-for', '10.9.0.2').json(valid)).assertStatus(201)
    }
    const blocked = await client.post('/api/contact').header('x-forwarded-for', '10.9.0.2').json(valid)
    blocked.assertStatus(429)
    assert.isString(blocked.body().message)
    assert.lengthOf(await ContactMessage.all(), 5)
  })
})

test.group('Contact | messages in the backoffice', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('super admins list and mark messages read; others cannot', async ({ client, assert }) => {
    const first = await ContactMessage.create({ ...valid, status: 'new', ip: null })
    await ContactMessage.create({ ...valid, name: 'Second Sender', status: 'new', ip: null })
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))

    const list = await client
      .get('/api/contact-messages')
      .qs({ filter: JSON.stringify({ status: 'new' }) })
      .bearerToken(token)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 2)
    assert.match(list.headers()['content-range'], /^contact-messages 0-1\/2$/)

    const read = await client.put(`/api/contact-messages/${first.id}`).bearerToken(token).json({ status: 'read' })
    read.assertStatus(200)
    assert.equal(read.body().status, 'read')
    assert.isString(read.body().readAt)

    for (const role of ['user', 'agent_admin'] as const) {
      const other = await bearerFor(client, await createUser({ role }))
      ;(await client.get('/api/contact-messages').bearerToken(other)).assertStatus(403)
      ;(await client.put(`/api/contact-messages/${first.id}`).bearerToken(other).json({ status: 'new' })).assertStatus(
        403
      )
    }
    ;(await client.get('/api/contact-messages')).assertStatus(401)
    ;(await client.get('/api/contact-messages/999999').bearerToken(token)).assertStatus(404)
  })
})
