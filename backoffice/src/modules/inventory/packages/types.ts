import { instantFromInput } from '../../../dateInput'
import { formatSen } from '../../../format'

/** GET /api/packages: a development's named discount (docs/prices.md, "Packages"). */
export interface PricePackage {
  id: number
  developmentId: number
  name: string
  kind: 'percent' | 'fixed'
  /** Basis points: 500 is 5%. */
  percentBp: number | null
  amountSen: number | null
  validFrom: string
  validUntil: string | null
  allLots: boolean
  /** One package's answer only; null: all the development's lots. */
  lotIds?: number[] | null
  combinable: boolean
  eligibility: 'everyone' | 'bumiputera'
  retiredAt: string | null
  state: PackageState
  createdAt: string | null
}

export type PackageState = 'scheduled' | 'in_force' | 'ended' | 'retired'

export const PACKAGES_RESOURCE = 'admin/packages'

export const STATE_CHOICES: Array<{ id: PackageState; name: string }> = [
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'in_force', name: 'In force' },
  { id: 'ended', name: 'Ended' },
  { id: 'retired', name: 'Retired' },
]

export const stateLabel = (state: PackageState) => STATE_CHOICES.find((choice) => choice.id === state)?.name ?? state

export const packageRepresentation = (pkg: PricePackage) => pkg.name

/** '5%', '7.25%', 'RM 10,000': what the package takes off. */
export function discountText(pkg: Pick<PricePackage, 'kind' | 'percentBp' | 'amountSen'>): string {
  if (pkg.kind === 'percent') return `${Number(((pkg.percentBp ?? 0) / 100).toFixed(2))}%`
  return formatSen(pkg.amountSen)
}

/** Percent or RM as typed, in the API's whole basis points or sen (a fraction of either is the backend's to refuse). */
export const hundredths = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number((Number(value) * 100).toFixed(6))

export const fromHundredths = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value) / 100

/** The form's values as the API takes them: all lots or the chosen ones, times with their zone. */
export function packageBody(values: Partial<PricePackage>) {
  return {
    name: values.name,
    kind: values.kind,
    percentBp: values.kind === 'percent' ? values.percentBp : null,
    amountSen: values.kind === 'fixed' ? values.amountSen : null,
    validFrom: instantFromInput(values.validFrom) ?? undefined,
    validUntil: instantFromInput(values.validUntil),
    lotIds: values.allLots ? null : (values.lotIds ?? []),
    combinable: Boolean(values.combinable),
    eligibility: values.eligibility,
  }
}
