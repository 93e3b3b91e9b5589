import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { LotAction } from '~/components/public/hub/lot-action'
import { testLot } from '~/test/lot-fixture'

function renderAction(released: boolean | undefined, page: 'hub' | 'type') {
  render(
    <MemoryRouter>
      <LotAction lot={testLot(1, 'available', { released })} audience="member" returnTo="/" page={page} />
    </MemoryRouter>
  )
}

describe('a lot not released', () => {
  for (const page of ['hub', 'type'] as const) {
    it(`shows "Not released" and no Book Now on the ${page} page`, () => {
      renderAction(false, page)
      expect(screen.getByRole<HTMLButtonElement>('button', { name: /Not released/ }).disabled).toBe(true)
      expect(screen.queryByText('Book Now')).toBeNull()
    })
  }

  it('a released lot (or one read before releases existed) offers Book Now as before', () => {
    renderAction(true, 'type')
    expect(screen.queryByText('Not released')).toBeNull()
    renderAction(undefined, 'type')
    expect(screen.queryByText('Not released')).toBeNull()
  })
})
