import type Lot from '#inventory/models/lot'
import type Development from '#inventory/models/development'
import type { DevelopmentFigures } from '#inventory/queries/developments'
import type { LotsOfTypeResult } from '#inventory/queries/lots_of_type'
import { landSizeOrDefault, sqmToSqft } from '#inventory/area'
import { isoFromRow } from '#core/dates'
import { NO_LINE, type LineFigures } from '#inventory/ports'
import { senOf, type ListedPrices } from '#inventory/queries/prices_in_force'
import { isQuotaLot } from '#inventory/bumiputera'

type LotData = Omit<
  Pick<
    Lot,
    | 'id'
    | 'kind'
    | 'developmentId'
    | 'lotNumber'
    | 'unitNumber'
    | 'name'
    | 'title'
    | 'description'
    | 'location'
    | 'address'
    | 'note'
    | 'category'
    | 'type'
    | 'typeCode'
    | 'propertyType'
    | 'landSizeSqm'
    | 'builtUpSqm'
    | 'sizeSqm'
    | 'price'
    | 'spaPrice'
    | 'phase'
    | 'status'
    | 'isReleased'
  >,
  never
> & { updatedAt: string | null; priceSen: number | null; bumiputeraReserved: boolean }

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A `lots` row as the driver returns it: snake_case columns, decimals possibly as strings. */
export interface LotRow {
  id: number
  kind: Lot['kind']
  development_id: number
  lot_number: string
  unit_number: string | null
  name: string | null
  title: string | null
  description: string | null
  location: string | null
  address: string | null
  note: string | null
  category: string | null
  type: string
  type_code: Lot['typeCode']
  property_type: string | null
  land_size_sqm: number | string | null
  built_up_sqm: number | string | null
  size_sqm: number | string | null
  price: number | string | null
  spa_price: string | null
  phase: number | null
  status: Lot['status']
  is_released?: boolean | number | null
  is_bumiputera_lot?: boolean | number | null
  bumi_released_at?: Date | string | null
  bumi_release_authority?: string | null
  bumi_release_reference?: string | null
  updated_at: Date | string | null
}

/**
 * For the hot public lists: no model hydration, no date parsing. `prices`: the lots' prices from the
 * price lists in force (#inventory/queries/prices_in_force); a lot they do not name keeps its own price.
 */
export function serializeLotRow(row: LotRow, prices?: ListedPrices) {
  const price = toNumber(row.price)
  return lotResource({
    id: row.id,
    kind: row.kind,
    developmentId: row.development_id,
    lotNumber: row.lot_number,
    unitNumber: row.unit_number,
    name: row.name,
    title: row.title,
    description: row.description,
    location: row.location,
    address: row.address,
    note: row.note,
    category: row.category,
    type: row.type,
    typeCode: row.type_code,
    propertyType: row.property_type,
    landSizeSqm: toNumber(row.land_size_sqm),
    builtUpSqm: toNumber(row.built_up_sqm),
    sizeSqm: toNumber(row.size_sqm),
    price,
    priceSen: prices?.get(row.id) ?? senOf(price),
    spaPrice: row.spa_price,
    phase: row.phase,
    status: row.status,
    // SQLite answers 0/1; a row read without the column counts as released, like every existing lot.
    isReleased: row.is_released === undefined || row.is_released === null ? true : Boolean(row.is_released),
    bumiputeraReserved: isQuotaLot({
      isBumiputeraLot: row.is_bumiputera_lot ?? false,
      bumiReleasedAt: row.bumi_released_at ?? null,
      bumiReleaseAuthority: row.bumi_release_authority ?? null,
      bumiReleaseReference: row.bumi_release_reference ?? null,
    }),
    updatedAt: isoFromRow(row.updated_at),
  })
}

/** A lot as every screen reads it: the spec's field names, areas in sqm and sqft, whole RM. */
export function serializeLot(lot: Lot) {
  return serializePricedLot(lot)
}

/** The same, with the price in force from the lots' price lists (a lot they do not name keeps its own). */
export function serializePricedLot(lot: Lot, prices?: ListedPrices) {
  return lotResource({
    ...lot.$attributes,
    id: lot.id,
    updatedAt: lot.updatedAt?.toISO() ?? null,
    priceSen: prices?.get(lot.id) ?? senOf(lot.price),
    bumiputeraReserved: isQuotaLot(lot),
  } as LotData)
}

function lotResource(lot: LotData) {
  const landSize = landSizeOrDefault(lot.landSizeSqm, lot.type)
  return {
    id: lot.id,
    _id: lot.id,
    kind: lot.kind,
    propertyId: lot.developmentId,
    developmentId: lot.developmentId,
    lotNumber: lot.lotNumber,
    unitNumber: lot.unitNumber,
    name: lot.name,
    title: lot.title,
    description: lot.description,
    location: lot.location,
    address: lot.address,
    note: lot.note,
    category: lot.category,
    type: lot.type,
    typeCode: lot.typeCode,
    propertyType: lot.propertyType,
    landSize,
    landAreaSqft: sqmToSqft(landSize),
    builtUpArea: lot.builtUpSqm,
    buildUp: lot.builtUpSqm,
    builtUpAreaSqft: sqmToSqft(lot.builtUpSqm),
    size: lot.sizeSqm ?? landSize,
    sizeSqft: sqmToSqft(lot.sizeSqm ?? landSize),
    /** The price in force, whole RM (what every screen has always read). */
    price: lot.priceSen === null ? null : Math.round(lot.priceSen / 100),
    /** The same, exact, in sen (RM x 100). */
    priceSen: lot.priceSen,
    spaPrice: lot.spaPrice,
    phase: lot.phase,
    status: lot.status,
    /** Phased release: false while the lot waits for its release batch (shown "Not released", never bookable). */
    released: lot.isReleased !== false,
    /** A Bumiputera quota lot whose release is not recorded: only a verified Bumiputera buyer may book it. */
    bumiputeraReserved: lot.bumiputeraReserved,
    updatedAt: lot.updatedAt,
  }
}

export type LotResource = ReturnType<typeof serializeLot>

/** `offeredUntil`: while a waitlist offer holds the lot, only its person may request it. */
export function withWaitlist<Resource extends object>(resource: Resource, figures: LineFigures = NO_LINE) {
  return { ...resource, waitlistCount: figures.waitlistCount, offeredUntil: figures.offeredUntil }
}

export function serializeDevelopment(development: Development, figures?: DevelopmentFigures) {
  return {
    id: development.id,
    _id: development.id,
    slug: development.slug,
    name: development.name,
    propertyType: development.propertyType,
    location: development.location,
    address: development.address,
    description: development.description,
    phase: development.phase,
    launchYear: development.launchYear,
    ...figures,
  }
}

export type DevelopmentResource = ReturnType<typeof serializeDevelopment>

/** A development's lots of one type (A, B or C), with the type's availability. */
export function serializeLotsOfType(result: LotsOfTypeResult) {
  return {
    property: serializeDevelopment(result.development),
    typeId: result.typeId,
    type: result.lotType.type,
    propertyType: result.lotType.propertyType,
    availability: result.availability,
    lots: result.lots.map((lot) => withWaitlist(serializePricedLot(lot, result.prices), result.waitlist.get(lot.id))),
  }
}

export type LotsOfTypeResource = ReturnType<typeof serializeLotsOfType>
