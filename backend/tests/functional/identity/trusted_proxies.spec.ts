import { test } from '@japa/runner'
import http from 'node:http'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import { ContactMessage } from '#contact'
import { DEFAULT_TRUSTED_PROXIES, TrustedProxies, trustedProxies } from '#config/app'
import { createUser } from '#tests/helpers/identity'

/**
 * The client's address comes from `X-Forwarded-For` only when the peer that sent it is a
 * trusted proxy (TRUSTED_PROXIES). The tests connect from 127.0.0.1 (the default trusted
 * gateway) and from 127.0.0.2 (a loopback address nobody trusts by default). A contact
 * message records the address the backend saw; the sign-in limits count it.
 */
type Answer = { status: number; body: { id?: number; message?: string } }

function post(path: string, body: unknown, { from, forwardedFor }: { from: string; forwardedFor: string }) {
  const payload = JSON.stringify(body)
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: env.get('HOST'),
        port: env.get('PORT'),
        path,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': forwardedFor,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) })
        )
      }
    )
    request.on('error', reject)
    request.end(payload)
  })
}

const message = {
  name: 'Tan Mei Ling',
  email: 'meiling@example.my',
  phone: '+60 12-345 6789',
  message: 'Which lots face the main road?',
}

async function addressSeen(options: { from: string; forwardedFor: string }): Promise<string | null> {
  const answer = await post('/api/contact', message, options)
  if (answer.status !== 201) throw new Error(`contact form answered ${answer.status}: ${answer.body.message}`)
  return (await ContactMessage.findOrFail(answer.body.id)).ip
}

test.group('Identity | client address from trusted proxies only', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => trustedProxies.use(env.get('TRUSTED_PROXIES') ?? DEFAULT_TRUSTED_PROXIES))

  test('X-Forwarded-For from the trusted gateway is the client; from any other peer it is ignored', async ({
    assert,
  }) => {
    assert.equal(await addressSeen({ from: '127.0.0.1', forwardedFor: '203.0.113.7' }), '203.0.113.7')
    assert.equal(await addressSeen({ from: '127.0.0.2', forwardedFor: '203.0.113.8' }), '127.0.0.2')
    // A chain: the rightmost address a trusted proxy vouches for, not what the client wrote first.
    assert.equal(await addressSeen({ from: '127.0.0.1', forwardedFor: '10.0.0.1, 198.51.100.9' }), '198.51.100.9')
  })

  test('the trusted list is configurable: a proxy added to it is believed', async ({ assert }) => {
    trustedProxies.use('127.0.0.2/32')
    assert.equal(await addressSeen({ from: '127.0.0.2', forwardedFor: '203.0.113.9' }), '203.0.113.9')
  })

  test('an untrusted peer cannot rotate X-Forwarded-For past the per-address sign-in limit', async ({ assert }) => {
    const user = await createUser({ email: 'spoofed@example.my' })
    for (let i = 1; i <= 10; i++) {
      const answer = await post(
        '/api/auth/login',
        { email: user.email, password: `guess-${i}` },
        { from: '127.0.0.2', forwardedFor: `192.0.2.${i}` }
      )
      assert.equal(answer.status, 401)
    }
    const blocked = await post(
      '/api/auth/login',
      { email: user.email, password: 'guess-11' },
      { from: '127.0.0.2', forwardedFor: '192.0.2.11' }
    )
    assert.equal(blocked.status, 429)
    assert.match(blocked.body.message!, /^Too many login attempts\./)
  })

  test('TRUSTED_PROXIES takes addresses and CIDR ranges, IPv4 and IPv6; anything else is refused', ({ assert }) => {
    const proxies = new TrustedProxies(' 10.0.0.0/8, 192.168.1.7 ,::1, 2001:db8::/32')
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '192.168.1.7', '::1', '2001:db8::5']) {
      assert.isTrue(proxies.trusts(address), address)
    }
    for (const address of ['11.0.0.1', '192.168.1.8', '127.0.0.1', '2001:db9::1', 'not-an-address', undefined]) {
      assert.isFalse(proxies.trusts(address), String(address))
    }

    const defaults = new TrustedProxies(DEFAULT_TRUSTED_PROXIES)
    assert.isTrue(defaults.trusts('127.0.0.1'))
    assert.isTrue(defaults.trusts('::ffff:127.0.0.1'))
    assert.isTrue(defaults.trusts('::1'))
    assert.isFalse(defaults.trusts('127.0.0.2'))
    assert.isFalse(new TrustedProxies('none').trusts('127.0.0.1'))

    for (const invalid of ['10.0.0.0/33', 'proxy.example.my', '10.0.0.0/x', '::1/129']) {
      assert.throws(() => new TrustedProxies(invalid), /TRUSTED_PROXIES/)
    }
  })
})
