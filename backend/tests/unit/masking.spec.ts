import { test } from '@japa/runner'
import { maskEmail, maskPhone } from '#core/masking'

test.group('Masking | contact details in staff lists', () => {
  test('an email keeps its first letter and its domain', ({ assert }) => {
    assert.equal(maskEmail('alice@aero-demo.my'), 'a•••@aero-demo.my')
    assert.equal(maskEmail('x@y.my'), 'x•••@y.my')
    assert.equal(maskEmail('no-at-sign'), '•••')
    assert.isNull(maskEmail(null))
  })

  test('a phone keeps its country code, first digit and last four, whatever its spelling', ({ assert }) => {
    assert.equal(maskPhone('+60 12-345 6789'), '+60 1•-••• 6789')
    assert.equal(maskPhone('+60123456789'), '+601••••6789')
    assert.equal(maskPhone('0123456789'), '012•••6789')
    assert.equal(maskPhone('12345'), '•••••')
    assert.isNull(maskPhone(null))
  })
})
