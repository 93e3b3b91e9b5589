import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { PrivacyConsent } from '~/components/booking/privacy-consent'
import { SiteFooter } from '~/components/site-footer'

const officer = { name: 'Puan Aishah Rahman', email: 'dpo@aero-demo.my', phone: '+60 3 7890 1234' }

describe('the Data Protection Officer on the public site', () => {
  it("is named under the booking form's privacy notice, with links to write or call", () => {
    render(<PrivacyConsent notice={{ version: 2, body: 'We use your IC.', officer }} />)
    const notice = screen.getByRole('region', { name: 'Privacy notice' })
    expect(within(notice).getByText(/Data Protection Officer: Puan Aishah Rahman/)).toBeTruthy()
    expect(within(notice).getByRole('link', { name: 'dpo@aero-demo.my' }).getAttribute('href')).toBe(
      'mailto:dpo@aero-demo.my'
    )
    expect(within(notice).getByRole('link', { name: '+60 3 7890 1234' }).getAttribute('href')).toBe('tel:+60378901234')
  })

  it('is left out of the notice while none is set', () => {
    render(<PrivacyConsent notice={{ version: 1, body: 'We use your IC.', officer: null }} />)
    expect(screen.queryByText(/Data Protection Officer/)).toBeNull()
  })

  it('has a link in the footer of every page', () => {
    render(
      <MemoryRouter>
        <SiteFooter signedIn={false} contact={{ email: 'sales@aero-demo.my', phone: '+60 6-799 8800' }} />
      </MemoryRouter>
    )
    const policies = screen.getByRole('navigation', { name: 'Policies' })
    expect(within(policies).getByRole('link', { name: 'Data Protection Officer' }).getAttribute('href')).toBe(
      '/policies#dpo'
    )
  })
})
