import { useState } from 'react'
import { BumiputeraBadge } from '~/components/account/bumiputera-card'
import type { BumiputeraView } from '~/utils/bumiputera'
import { formatSen } from '~/utils/format'
import { bestOffer, discountOf, discountText, mayCombine, packageTermsText, totalDiscount } from '~/utils/packages'
import type { LotPackage, LotPackages } from '~/utils/packages'

export const PACKAGE_TEXTS = {
  legend: 'Price and packages',
  listPrice: 'List price',
  netPrice: 'Net price',
  noPackages: 'No package applies to this lot for you now.',
  packagesUnavailable: 'The packages could not be loaded. The booking is priced with the best offer for you.',
  automatic: 'Applied automatically: you are a verified Bumiputera buyer.',
  notWithChosen: 'Not combined with the package you chose.',
  noneTicked: 'With no package ticked, the best offer for you applies.',
  notCombinable: (name: string) => `The package "${name}" cannot be combined with other packages.`,
  buyerStatus: 'Your Bumiputera status',
  confirmed: 'The net price is confirmed when the request is taken.',
} as const

/**
 * What the buyer would get (the backend's rule, backend/app/inventory/queries/packages.ts): the
 * packages they ticked, a verified Bumiputera buyer's Bumiputera packages joining them where they
 * combine; the best offer of all when none is ticked (a form cannot send an empty list).
 */
export function appliedPackages(
  chosen: LotPackage[],
  automatic: LotPackage[],
  all: LotPackage[],
  priceSen: number
): LotPackage[] {
  if (chosen.length === 0) return bestOffer(all, priceSen)
  if (!mayCombine(chosen)) return chosen
  return chosen.every((terms) => terms.combinable)
    ? [...chosen, ...automatic.filter((terms) => terms.combinable)]
    : chosen
}

interface PackageChoiceProps {
  priceSen: number | null
  /** The packages the buyer may have on this lot, and the best offer; null when they could not be loaded. */
  offered: LotPackages | null
  /** The buyer's Bumiputera status; null when not known here. */
  buyer: BumiputeraView | null
  /** The packages ticked on a refused post; the best offer when none was posted yet. */
  chosenIds?: number[] | null
  error?: string | null
}

/**
 * The booking form's price: the list price, each package the buyer may have with its discount
 * (ticked: the best offer to start with), the Bumiputera discount applied without asking for a
 * verified buyer, and the net price as the boxes change. Ticked packages go with the request as
 * `packageIds`; the backend decides, and says why when a package cannot apply.
 */
export function PackageChoice({ priceSen, offered, buyer, chosenIds, error }: PackageChoiceProps) {
  const packages = offered?.packages ?? []
  // The backend offers a Bumiputera package only to a verified buyer; it is applied without asking.
  const choosable = packages.filter((terms) => terms.eligibility !== 'bumiputera')
  const automatic = packages.filter((terms) => terms.eligibility === 'bumiputera')
  const [chosen, setChosen] = useState<number[]>(() => {
    if (chosenIds) return chosenIds
    const best = offered?.offer?.packageIds ?? (priceSen === null ? [] : bestOffer(packages, priceSen).map((t) => t.id))
    return choosable.filter((terms) => best.includes(terms.id)).map((terms) => terms.id)
  })
  const picked = choosable.filter((terms) => chosen.includes(terms.id))
  const applied = priceSen === null ? [] : appliedPackages(picked, automatic, packages, priceSen)
  const combines = mayCombine(picked)
  const alone = combines ? null : picked.find((terms) => !terms.combinable)
  const net = priceSen === null ? null : priceSen - totalDiscount(applied, priceSen)

  function toggle(id: number, on: boolean) {
    setChosen((current) => (on ? [...current, id] : current.filter((known) => known !== id)))
  }

  return (
    <fieldset className="form__group price-choice">
      <legend>{PACKAGE_TEXTS.legend}</legend>
      {buyer ? (
        <p className="price-choice__buyer">
          {PACKAGE_TEXTS.buyerStatus}: <BumiputeraBadge view={buyer} />
        </p>
      ) : null}
      <dl className="price-choice__lines">
        <div>
          <dt>{PACKAGE_TEXTS.listPrice}</dt>
          <dd>{formatSen(priceSen)}</dd>
        </div>
      </dl>
      {offered === null ? <p className="form__note">{PACKAGE_TEXTS.packagesUnavailable}</p> : null}
      {offered !== null && packages.length === 0 ? <p className="form__note">{PACKAGE_TEXTS.noPackages}</p> : null}
      {choosable.length > 0 || automatic.length > 0 ? (
        <ul className="price-choice__packages" aria-describedby={error ? 'package-error' : undefined}>
          {choosable.map((terms) => (
            <li key={terms.id} className="price-choice__package">
              <label>
                <input
                  type="checkbox"
                  name="packageIds[]"
                  value={terms.id}
                  checked={chosen.includes(terms.id)}
                  onChange={(event) => toggle(terms.id, event.currentTarget.checked)}
                />{' '}
                <span className="price-choice__name">{terms.name}</span>{' '}
                <span className="price-choice__terms">
                  ({packageTermsText(terms)}
                  {terms.combinable ? '' : ', not combinable'})
                </span>
              </label>
              <span className="price-choice__discount">
                {priceSen === null ? '' : discountText(discountOf(terms, priceSen))}
              </span>
            </li>
          ))}
          {automatic.map((terms) => (
            <li key={terms.id} className="price-choice__package price-choice__package--automatic">
              <span>
                <span className="price-choice__name">{terms.name}</span>{' '}
                <span className="price-choice__terms">({packageTermsText(terms)})</span>
                <span className="price-choice__note">
                  {applied.includes(terms) ? PACKAGE_TEXTS.automatic : PACKAGE_TEXTS.notWithChosen}
                </span>
              </span>
              <span className="price-choice__discount">
                {priceSen === null || !applied.includes(terms) ? '' : discountText(discountOf(terms, priceSen))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {choosable.length > 0 && picked.length === 0 ? <p className="form__note">{PACKAGE_TEXTS.noneTicked}</p> : null}
      {alone ? (
        <p className="field__error" role="alert">
          {PACKAGE_TEXTS.notCombinable(alone.name)}
        </p>
      ) : null}
      {error ? (
        <p id="package-error" className="field__error">
          {error}
        </p>
      ) : null}
      <dl className="price-choice__lines price-choice__lines--total">
        <div>
          <dt>{PACKAGE_TEXTS.netPrice}</dt>
          <dd aria-live="polite">{alone ? '-' : formatSen(net)}</dd>
        </div>
      </dl>
      <p className="form__note">{PACKAGE_TEXTS.confirmed}</p>
    </fieldset>
  )
}
