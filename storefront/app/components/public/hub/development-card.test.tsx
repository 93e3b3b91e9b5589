import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { DevelopmentCard } from '~/components/public/hub/development-card'
import type { Development } from '~/models/lots.server'

const HUB: Development = {
  id: 1,
  slug: 'aeroindustrial',
  name: 'Aero Industrial Hub',
  propertyType: 'Shop Lot',
  location: 'Nilai, Negeri Sembilan',
  address: null,
  description: null,
  phase: 4,
  launchYear: 2024,
  totalUnits: 25,
  availableCount: 20,
}

function renderCard(development: Development | null) {
  const router = createMemoryRouter([{ path: '*', element: <DevelopmentCard development={development} /> }], {
    initialEntries: ['/aero-industrial-hub'],
  })
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

const facts = () =>
  within(screen.getByRole('complementary'))
    .queryAllByRole('definition')
    .map((fact) => [fact.previousElementSibling?.textContent, fact.textContent])

describe('DevelopmentCard', () => {
  it("shows the development's own figures: total units counted from its lots, phase, launch year", () => {
    renderCard(HUB)
    expect(screen.getByRole('heading', { name: 'Phase 4 at a glance' })).toBeTruthy()
    expect(facts()).toEqual([
      ['Total units', '25'],
      ['Phase', '4'],
      ['Launched', '2024'],
    ])
  })

  it('follows the data of another phase', () => {
    renderCard({ ...HUB, phase: 5, launchYear: 2027, totalUnits: 1200 })
    expect(screen.getByRole('heading', { name: 'Phase 5 at a glance' })).toBeTruthy()
    expect(facts()).toEqual([
      ['Total units', '1,200'],
      ['Phase', '5'],
      ['Launched', '2027'],
    ])
  })

  it('shows no figures rather than made-up ones when the development is unknown', () => {
    renderCard(null)
    expect(screen.getByRole('heading', { name: 'At a glance' })).toBeTruthy()
    expect(facts()).toEqual([])
    expect(screen.getByText("The development's figures cannot be shown right now.")).toBeTruthy()
    // The lot types are the spec's fixed three.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/properties/aeroindustrial/type/A',
      '/properties/aeroindustrial/type/B',
      '/properties/aeroindustrial/type/C',
    ])
  })
})
