import { fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { PersonalDataCard } from '~/components/account/personal-data-card'
import type { DeletionFormResult, DeletionRequestView } from '~/components/account/personal-data-card'

function renderCard(deletionRequest: DeletionRequestView | null, result: DeletionFormResult | null = null) {
  const sent: Array<Record<string, FormDataEntryValue>> = []
  const action = vi.fn(async ({ request }: { request: Request }) => {
    sent.push(Object.fromEntries(await request.formData()))
    return null
  })
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        action,
        element: (
          <PersonalDataCard exportUrl="/api/me/personal-data" deletionRequest={deletionRequest} result={result} />
        ),
      },
    ],
    { initialEntries: ['/profile'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return { sent, action }
}

describe('the profile\'s "Your data" card', () => {
  it('offers the ZIP export as a plain download link', () => {
    renderCard(null)
    const link = screen.getByRole('link', { name: 'Download my data (ZIP)' })
    expect(link.getAttribute('href')).toBe('/api/me/personal-data')
    expect(link.hasAttribute('download')).toBe(true)
  })

  it('posts the deletion request with its optional reason once the person has ticked they understand', async () => {
    const { sent } = renderCard(null)
    const checkbox = screen.getByRole('checkbox', { name: /cannot be undone/ }) as HTMLInputElement
    expect(checkbox.required).toBe(true)
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'Moving abroad' } })
    fireEvent.click(checkbox)
    fireEvent.click(screen.getByRole('button', { name: 'Ask to delete my account' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ intent: 'request-deletion', reason: 'Moving abroad', understood: 'yes' })
  })

  it('shows a pending request instead of the form', () => {
    renderCard({ status: 'pending', createdAt: '2026-01-05T10:00:00.000Z', declineReason: null })
    // The day as everywhere else in both apps ('MMM dd, yyyy').
    expect(screen.getByRole('status').textContent).toMatch(/You asked for your account to be deleted on Jan 05, 2026/)
    expect(screen.queryByRole('button', { name: 'Ask to delete my account' })).toBeNull()
  })

  it("shows a declined request's reason and lets the person ask again", () => {
    renderCard({ status: 'declined', createdAt: null, declineReason: 'An open sale must complete first' })
    expect(screen.getByRole('status').textContent).toBe(
      'Your earlier request was declined: An open sale must complete first. You may ask again.'
    )
    expect(screen.getByRole('button', { name: 'Ask to delete my account' })).toBeTruthy()
  })

  it('ends a declined reason typed with its own full stop with that one stop', () => {
    renderCard({ status: 'declined', createdAt: null, declineReason: 'Bookings still open.' })
    expect(screen.getByRole('status').textContent).toBe(
      'Your earlier request was declined: Bookings still open. You may ask again.'
    )
  })

  it("shows the backend's refusal", () => {
    renderCard(null, {
      intent: 'request-deletion',
      reason: '',
      formError: 'You have already asked for your account to be deleted.',
    })
    expect(screen.getByRole('alert').textContent).toBe('You have already asked for your account to be deleted.')
  })
})
