import { fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import LoginRoute from '~/routes/login'

/** The login screen when the password step asks for the code of a two-step sign-in. */
function renderLogin() {
  const sent: Array<Record<string, FormDataEntryValue>> = []
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const form = await request.formData()
    sent.push(Object.fromEntries(form))
    if (form.get('intent') === 'two-factor') {
      return {
        mode: 'login',
        values: { name: '', email: 'agent@aero-demo.my' },
        fieldErrors: {},
        formError: null,
        codeStep: { challenge: 'c1', kind: form.get('kind'), error: 'Invalid code. Please try again.' },
      }
    }
    return {
      mode: 'login',
      values: { name: '', email: 'agent@aero-demo.my' },
      fieldErrors: {},
      formError: null,
      codeStep: { challenge: 'c1', kind: 'code', error: null },
    }
  })
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        loader: () => ({ mode: 'login', redirectTo: '', notice: null, message: null, demoAccount: null }),
        action,
        element: <LoginRoute />,
      },
    ],
    { initialEntries: ['/login'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return { action, sent }
}

describe('login screen: two-step sign-in', () => {
  it('asks for the code after the password, offers a recovery code, and shows a wrong code', async () => {
    const { action, sent } = renderLogin()
    await screen.findByRole('heading', { name: 'Log in to your account' })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'agent@aero-demo.my' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@2024' } })
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))

    await screen.findByRole('heading', { name: 'Enter your verification code' })
    expect(screen.queryByLabelText('Password')).toBeNull()
    const code = screen.getByLabelText('Authentication code') as HTMLInputElement
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(code.getAttribute('inputmode')).toBe('numeric')

    // A malformed code is refused before sending.
    fireEvent.change(code, { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()
    expect(action).toHaveBeenCalledTimes(1)

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }))
    expect(screen.queryByLabelText('Authentication code')).toBeNull()
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy()
    expect(action).toHaveBeenCalledTimes(2)
    expect(sent[1]).toMatchObject({
      intent: 'two-factor',
      challenge: 'c1',
      kind: 'recoveryCode',
      recoveryCode: 'abcde-fghjk',
    })
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeTruthy()
  })
})
