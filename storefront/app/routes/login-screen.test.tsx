import { fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import LoginRoute from '~/routes/login'
import { DEMO_ACCOUNT } from '~/utils/demo-account'

/** The login screen with its loader's answer for the address (the real loader asks the backend who is signed in). */
function renderLogin(path: string, demoAccount: typeof DEMO_ACCOUNT | null = null) {
  const action = vi.fn(() => null)
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        loader: ({ request }) => {
          const url = new URL(request.url)
          return {
            mode: url.searchParams.get('mode') === 'register' ? 'register' : 'login',
            redirectTo: url.searchParams.get('redirectTo') ?? '',
            notice: null,
            message: null,
            demoAccount,
          }
        },
        action,
        element: <LoginRoute />,
      },
    ],
    { initialEntries: [path] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return { action, router }
}

const modes = () => within(screen.getByRole('navigation', { name: 'Login or register' }))

describe('login screen', () => {
  it('toggles to register mode by a link (works without JavaScript), keeping the origin path', async () => {
    const { router } = renderLogin('/login?redirectTo=%2Fprofile', DEMO_ACCOUNT)
    await screen.findByRole('heading', { name: 'Log in to your account' })
    expect(modes().getByRole('link', { name: 'Login' }).getAttribute('aria-current')).toBe('page')
    const toRegister = modes().getByRole('link', { name: 'Register' })
    expect(toRegister.getAttribute('href')).toBe('/login?mode=register&redirectTo=%2Fprofile')
    // In development on localhost the demo member is filled in.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(DEMO_ACCOUNT.email)
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(DEMO_ACCOUNT.password)
    expect(screen.queryByLabelText(/Full name/)).toBeNull()

    fireEvent.click(toRegister)
    await screen.findByRole('heading', { name: 'Create your account' })
    expect(router.state.location.search).toBe('?mode=register&redirectTo=%2Fprofile')
    expect(screen.getByLabelText('Full name')).toBeTruthy()
    expect(screen.getByLabelText('Confirm password')).toBeTruthy()
    // Nobody registers with the demo member's address.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('')
    const form = screen.getByRole('button', { name: 'Register' }).closest('form')!
    expect((form.querySelector('input[name="intent"]') as HTMLInputElement).value).toBe('register')
    expect(modes().getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?redirectTo=%2Fprofile')
  })

  it('shows the register rules before sending anything', async () => {
    const { action } = renderLogin('/login?mode=register')
    await screen.findByRole('heading', { name: 'Create your account' })
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'N' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'aina@example.my' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '12345' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: '54321' } })
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Name must be at least 2 characters long')).toBeTruthy()
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy()
    expect(screen.getByText('Passwords do not match')).toBeTruthy()
    expect(action).not.toHaveBeenCalled()
  })
})
