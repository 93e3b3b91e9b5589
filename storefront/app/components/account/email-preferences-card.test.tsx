import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { EMAIL_PREFERENCES_TEXTS, EmailPreferencesCard } from '~/components/account/email-preferences-card'
import type { EmailPreferenceView } from '~/components/account/email-preferences-card'

const PREFERENCES: EmailPreferenceView[] = [
  { kind: 'booking_status', label: 'My bookings: a decision', email: true },
  { kind: 'booking_request', label: 'My agency: a new booking request', email: false },
]

function renderCard(props: { preferences: EmailPreferenceView[] | null; formError?: string | null }) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <EmailPreferencesCard preferences={props.preferences} formError={props.formError ?? null} />,
    },
  ])
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

describe('EmailPreferencesCard', () => {
  it('shows a box per kind, ticked when emailed, in a form that posts every kind shown', () => {
    renderCard({ preferences: PREFERENCES })
    const card = screen.getByRole('article', { name: EMAIL_PREFERENCES_TEXTS.title })
    const status = within(card).getByRole('checkbox', { name: 'My bookings: a decision' }) as HTMLInputElement
    const request = within(card).getByRole('checkbox', { name: 'My agency: a new booking request' }) as HTMLInputElement
    expect(status.checked).toBe(true)
    expect(request.checked).toBe(false)

    const form = card.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    const posted = new FormData(form)
    expect(posted.get('intent')).toBe('email-preferences')
    expect(posted.getAll('kinds')).toEqual(['booking_status', 'booking_request'])
    expect(posted.getAll('email')).toEqual(['booking_status'])
    expect(within(card).getByRole('button', { name: EMAIL_PREFERENCES_TEXTS.save })).toBeTruthy()
  })

  it("shows the server's refusal, and says so when the switches could not be loaded", () => {
    renderCard({ preferences: PREFERENCES, formError: 'You do not receive this kind of notification.' })
    expect(screen.getByRole('alert').textContent).toBe('You do not receive this kind of notification.')
  })

  it('has no form when the switches could not be loaded', () => {
    renderCard({ preferences: null })
    const card = screen.getByRole('article', { name: EMAIL_PREFERENCES_TEXTS.title })
    expect(within(card).getByRole('alert').textContent).toBe(EMAIL_PREFERENCES_TEXTS.loadFailed)
    expect(card.querySelector('form')).toBeNull()
  })
})
