import { fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import LoginRoute from '~/routes/login'
import TrustDeviceRoute from '~/routes/login_.trust'

const ACCOUNT_LIMITED =
  'Too many failed login attempts on this account. Please try again in 1 minute, or sign in from a browser you have signed in with before. You can also ask for a sign-in link by email to trust this browser.'
const LINK_SENT =
  'If an account uses this email, we have sent it a link that lets this browser sign in. The link works once, for 30 minutes.'

/** The login screen whose password step meets the account's limit, then asks for the link. */
function renderLogin(path = '/login', trusted = false) {
  const sent: Array<Record<string, FormDataEntryValue>> = []
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const form = await request.formData()
    sent.push(Object.fromEntries(form))
    const asked = form.get('intent') === 'device-link'
    return {
      mode: 'login',
      values: { name: '', email: 'owner@example.my' },
      fieldErrors: {},
      formError: asked ? null : ACCOUNT_LIMITED,
      codeStep: null,
      deviceLink: asked ? { offered: false, sent: LINK_SENT } : { offered: true, sent: null },
    }
  })
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        loader: () => ({ mode: 'login', redirectTo: '', notice: null, message: null, trusted, demoAccount: null }),
        action,
        element: <LoginRoute />,
      },
    ],
    { initialEntries: [path] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return { action, sent }
}

function renderTrustPage(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/login/trust',
        loader: ({ request }) => ({ token: new URL(request.url).searchParams.get('token') }),
        action: () => null,
        element: <TrustDeviceRoute />,
      },
    ],
    { initialEntries: [path] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

describe('login screen: the emailed link', () => {
  it("offers “Email me a sign-in link” after the account's limit, and says when it is sent", async () => {
    const { sent } = renderLogin()
    await screen.findByRole('heading', { name: 'Log in to your account' })
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull()
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.my' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText(ACCOUNT_LIMITED)).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }))
    expect(await screen.findByText(LINK_SENT)).toBeTruthy()
    expect(sent[1]).toEqual({ intent: 'device-link', email: 'owner@example.my' })
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull()
  })

  it('says the browser is trusted when the link sent it back', async () => {
    renderLogin('/login?reason=trusted', true)
    expect(
      await screen.findByText('This browser is now trusted for your account. Sign in with your password.')
    ).toBeTruthy()
  })
})

describe("the link's page", () => {
  it('asks before trusting this browser', async () => {
    renderTrustPage('/login/trust?token=tok_123')
    const button = await screen.findByRole('button', { name: 'Trust this browser' })
    const form = button.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect((form.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('tok_123')
  })

  it('without a token, says so and leads back to the login page', async () => {
    renderTrustPage('/login/trust')
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Trust this browser' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login')
  })
})
