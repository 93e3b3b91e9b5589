import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PACKAGE_TEXTS, PackageChoice } from '~/components/booking/package-choice'
import { bumiputeraOf } from '~/utils/bumiputera'
import type { LotPackage } from '~/utils/packages'

const EARLY_BIRD: LotPackage = {
  id: 1,
  name: 'Early bird',
  kind: 'percent',
  percentBp: 500,
  amountSen: null,
  combinable: true,
  eligibility: 'everyone',
}
const AGENCY: LotPackage = {
  id: 2,
  name: 'Agency promotion',
  kind: 'fixed',
  percentBp: null,
  amountSen: 1_000_000,
  combinable: false,
  eligibility: 'everyone',
}
const BUMI: LotPackage = {
  id: 3,
  name: 'Bumiputera discount',
  kind: 'percent',
  percentBp: 700,
  amountSen: null,
  combinable: true,
  eligibility: 'bumiputera',
}

// RM 468,123.45: 5% is RM 23,406.17 (rounded down to the sen), 7% RM 32,768.64.
const PRICE = 46_812_345

function lineValue(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
}

const offer = (packages: LotPackage[]) => ({ priceSen: PRICE, packages })

const ticked = () =>
  (screen.queryAllByRole('checkbox') as HTMLInputElement[]).filter((box) => box.checked).map((box) => box.value)

describe('PackageChoice', () => {
  it('shows the list price, each package with its discount, and the net price of the best offer to start with', () => {
    render(<PackageChoice priceSen={PRICE} offered={offer([EARLY_BIRD, AGENCY])} buyer={bumiputeraOf(null)} />)
    expect(lineValue(PACKAGE_TEXTS.listPrice)).toBe('RM 468,123.45')
    const early = screen.getByRole('checkbox', { name: /Early bird/ }) as HTMLInputElement
    // Repeated as a list: the backend reads `packageIds[]` as one, however many are ticked.
    expect(early.name).toBe('packageIds[]')
    expect(early.value).toBe('1')
    expect(early.closest('li')!.textContent).toContain('-RM 23,406.17')
    expect(screen.getByRole('checkbox', { name: /Agency promotion/ }).closest('li')!.textContent).toContain(
      '-RM 10,000'
    )
    // RM 23,406.17 (5%) beats RM 10,000: the early bird is ticked.
    expect(ticked()).toEqual(['1'])
    expect(lineValue(PACKAGE_TEXTS.netPrice)).toBe('RM 444,717.28')
    expect(screen.getByText(PACKAGE_TEXTS.buyerStatus, { exact: false }).textContent).toContain('Not declared')
  })

  it('recomputes the net price as packages are ticked, and says when two may not go together', () => {
    render(<PackageChoice priceSen={PRICE} offered={offer([EARLY_BIRD, AGENCY])} buyer={null} />)
    fireEvent.click(screen.getByRole('checkbox', { name: /Early bird/ }))
    // None ticked: the request names none, and the backend applies the best offer.
    expect(screen.getByText(PACKAGE_TEXTS.noneTicked)).toBeTruthy()
    expect(lineValue(PACKAGE_TEXTS.netPrice)).toBe('RM 444,717.28')
    fireEvent.click(screen.getByRole('checkbox', { name: /Agency promotion/ }))
    expect(lineValue(PACKAGE_TEXTS.netPrice)).toBe('RM 458,123.45')
    fireEvent.click(screen.getByRole('checkbox', { name: /Early bird/ }))
    expect(screen.getByRole('alert').textContent).toBe(PACKAGE_TEXTS.notCombinable('Agency promotion'))
    expect(lineValue(PACKAGE_TEXTS.netPrice)).toBe('-')
  })

  it('applies the Bumiputera discount to a verified buyer without a box to tick', () => {
    render(
      <PackageChoice
        priceSen={PRICE}
        offered={offer([EARLY_BIRD, BUMI])}
        buyer={bumiputeraOf({ bumiputeraStatus: 'verified' })}
      />
    )
    expect(screen.getAllByRole('checkbox')).toHaveLength(1)
    const bumi = screen.getByText('Bumiputera discount').closest('li')!
    expect(within(bumi).getByText(PACKAGE_TEXTS.automatic)).toBeTruthy()
    expect(bumi.textContent).toContain('-RM 32,768.64')
    // 5% and 7% of the list price, each on the list price: RM 468,123.45 - 23,406.17 - 32,768.64.
    expect(lineValue(PACKAGE_TEXTS.netPrice)).toBe('RM 411,948.64')
    expect(screen.getByText(PACKAGE_TEXTS.buyerStatus, { exact: false }).textContent).toContain('Verified')
  })

  it("starts from the backend's best offer when it sends one", () => {
    render(
      <PackageChoice
        priceSen={PRICE}
        offered={{ ...offer([EARLY_BIRD, AGENCY]), offer: { packageIds: [2], discountSen: 1_000_000, netPriceSen: 0 } }}
        buyer={null}
      />
    )
    expect(ticked()).toEqual(['2'])
  })

  it('keeps the boxes ticked on a refused post', () => {
    render(<PackageChoice priceSen={PRICE} offered={offer([EARLY_BIRD, AGENCY])} buyer={null} chosenIds={[2]} />)
    expect(ticked()).toEqual(['2'])
  })

  it('says so when there are no packages, or they could not be read', () => {
    const { rerender } = render(<PackageChoice priceSen={PRICE} offered={offer([])} buyer={null} />)
    expect(screen.getByText(PACKAGE_TEXTS.noPackages)).toBeTruthy()
    expect(lineValue(PACKAGE_TEXTS.netPrice)).toBe('RM 468,123.45')
    rerender(<PackageChoice priceSen={PRICE} offered={null} buyer={null} />)
    expect(screen.getByText(PACKAGE_TEXTS.packagesUnavailable)).toBeTruthy()
  })
})
