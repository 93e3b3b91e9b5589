import { fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import TwoFactorSection, { TWO_FACTOR_LABELS, recoveryCodesText } from './TwoFactorSection'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`)

let state = { enabled: false, pending: false, recoveryCodesRemaining: 0, required: false }
const calls: Array<{ path: string; method: string; body: Record<string, unknown> | undefined; xsrf: string | null }> =
  []

beforeEach(() => {
  state = { enabled: false, pending: false, recoveryCodesRemaining: 0, required: false }
  calls.length = 0
  document.cookie = 'XSRF-TOKEN=token-1'
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ path, method: init?.method ?? 'GET', body, xsrf: new Headers(init?.headers).get('X-XSRF-TOKEN') })
    if (path === '/api/auth/two-factor') return json(state)
    if (path === '/api/auth/two-factor/setup') {
      return json({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x',
        qrSvg: '<svg id="qr"></svg>',
      })
    }
    if (path === '/api/auth/two-factor/confirm') {
      if (body.code !== '123456') {
        return json(
          {
            message: 'Invalid code. Please try again.',
            errors: [{ field: 'code', message: 'Invalid code. Please try again.' }],
          },
          422
        )
      }
      state = { ...state, enabled: true, recoveryCodesRemaining: 10 }
      return json({ message: 'Two-step sign-in is on.', enabled: true, recoveryCodes: CODES })
    }
    if (path === '/api/auth/two-factor/recovery-codes') {
      return json({
        message: 'New recovery codes created. The old ones no longer work.',
        recoveryCodes: CODES.map((c) => `new-${c}`),
      })
    }
    if (path === '/api/auth/two-factor/disable') {
      state = { ...state, enabled: false, recoveryCodesRemaining: 0 }
      return json({ message: 'Two-step sign-in is off.', enabled: false })
    }
    return json({ message: 'Not found' }, 404)
  })
})

describe('My Profile: two-step sign-in', () => {
  it('turns it on with the QR code, manual key and a code, then shows the recovery codes once', async () => {
    render(<TwoFactorSection />)
    fireEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_LABELS.turnOn }))
    expect(await screen.findByText(TWO_FACTOR_LABELS.passwordRequired)).toBeTruthy()
    expect(calls.filter((call) => call.path.endsWith('/setup'))).toHaveLength(0)
    fireEvent.change(screen.getByLabelText(TWO_FACTOR_LABELS.password), { target: { value: 'Demo@2024' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.turnOn }))
    expect(calls.find((call) => call.path.endsWith('/setup'))?.body).toEqual({ password: 'Demo@2024' })
    expect((await screen.findByTestId('two-factor-manual-key')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP'
    )
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' }).innerHTML).toContain('<svg')

    const code = screen.getByLabelText(TWO_FACTOR_LABELS.code)
    fireEvent.change(code, { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.confirm }))
    expect(await screen.findByText(TWO_FACTOR_LABELS.codeRequired)).toBeTruthy()
    expect(calls.filter((call) => call.path.endsWith('/confirm'))).toHaveLength(0)

    fireEvent.change(code, { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.confirm }))
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy()

    fireEvent.change(code, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.confirm }))
    const list = await screen.findByRole('list', { name: TWO_FACTOR_LABELS.codesTitle })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    ).toEqual(CODES)
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeTruthy()
    const confirm = calls.find((call) => call.path.endsWith('/confirm') && call.body?.code === '123456')!
    expect(confirm.method).toBe('POST')
    expect(confirm.xsrf).toBe('token-1')

    // Copied, one a line, or saved as a text file: they are not shown again.
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.copy }))
    expect(await screen.findByRole('button', { name: TWO_FACTOR_LABELS.copied })).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(recoveryCodesText(CODES))
    expect(recoveryCodesText(CODES).split('\n')).toEqual(expect.arrayContaining(CODES))
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = () => 'blob:codes'
    URL.revokeObjectURL = () => {}
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      expect(this.download).toBe(TWO_FACTOR_LABELS.fileName)
      expect(this.href).toBe('blob:codes')
    })
    try {
      fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.download }))
      expect(clicked).toHaveBeenCalledTimes(1)
    } finally {
      clicked.mockRestore()
      Object.assign(URL, { createObjectURL, revokeObjectURL })
      vi.unstubAllGlobals()
    }

    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.saved }))
    expect(screen.queryByRole('list', { name: TWO_FACTOR_LABELS.codesTitle })).toBeNull()
    expect(screen.queryByTestId('two-factor-manual-key')).toBeNull()
  })

  it('makes new recovery codes and turns it off with the password and a code', async () => {
    state = { enabled: true, pending: false, recoveryCodesRemaining: 7, required: false }
    render(<TwoFactorSection />)
    expect(await screen.findByText(/Recovery codes left: 7/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: TWO_FACTOR_LABELS.turnOn })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.newCodes }))
    expect(await screen.findByText(TWO_FACTOR_LABELS.passwordRequired)).toBeTruthy()
    const password = screen.getByLabelText(TWO_FACTOR_LABELS.password)
    fireEvent.change(password, { target: { value: 'Demo@2024' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.newCodes }))
    expect(await screen.findByText(TWO_FACTOR_LABELS.proofRequired)).toBeTruthy()

    const proof = screen.getByLabelText(TWO_FACTOR_LABELS.proof)
    fireEvent.change(proof, { target: { value: '654321' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.newCodes }))
    const list = await screen.findByRole('list', { name: TWO_FACTOR_LABELS.codesTitle })
    expect(within(list).getAllByRole('listitem')[0].textContent).toBe('new-code0-abcde')
    expect(calls.find((call) => call.path.endsWith('/recovery-codes'))?.body).toEqual({
      password: 'Demo@2024',
      code: '654321',
    })

    fireEvent.change(password, { target: { value: 'Demo@2024' } })
    fireEvent.change(proof, { target: { value: 'abcde-fghjk' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_LABELS.turnOff }))
    expect(await screen.findByRole('button', { name: TWO_FACTOR_LABELS.turnOn })).toBeTruthy()
    expect(calls.find((call) => call.path.endsWith('/disable'))?.body).toEqual({
      password: 'Demo@2024',
      recoveryCode: 'abcde-fghjk',
    })
  })

  it('says when the setting requires it', async () => {
    state = { enabled: false, pending: false, recoveryCodesRemaining: 0, required: true }
    render(<TwoFactorSection />)
    expect(await screen.findByText(TWO_FACTOR_LABELS.required)).toBeTruthy()
  })
})
