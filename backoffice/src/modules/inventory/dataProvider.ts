import type { Identifier, SortPayload } from 'react-admin'
import type { DataProviderApi } from '../../plugins/types'
import type { LotImportReport } from './types'

/** A development (the spec's "property"): GET /api/properties. */
export interface Development {
  id: number
  slug: string
  name: string
  location: string | null
  phase: number | null
  availableCount?: number
}

/** GET /api/developments/time-limits: each approval tier's target time, per development (minutes). */
export interface DevelopmentTimeLimits {
  id: Identifier
  name: string
  agentTargetMinutes: number
  developerTargetMinutes: number
}

/** GET /api/developments/holds: how long a pending booking holds its lot, per development. */
export interface DevelopmentHold {
  id: number
  name: string
  holdMinutes: number | null
  defaultHoldMinutes: number
  effectiveHoldMinutes: number
}

/** GET /api/developments/lot-visibility: whether the public pages show each development's lots not yet released. */
export interface DevelopmentLotVisibility {
  id: number
  name: string
  showUnreleasedLots: boolean
}

/** GET /api/developments/:id/price-lists: one published version of a development's price list. */
export interface PriceListVersion {
  id: number
  developmentId: number
  label: string
  effectiveAt: string
  /** Its effective time has come (a later version may still name some of its lots). */
  inForce: boolean
  entryCount: number
  createdAt: string | null
}

/** One lot's price in a version: exact in sen (RM x 100). */
export interface PriceListEntry {
  lotId: number
  lotNumber: string
  unitNumber: string | null
  priceSen: number
}

/** GET /api/developments/:id/price-lists/:versionId: the version with every lot it prices. */
export type PriceListVersionPrices = PriceListVersion & { entries: PriceListEntry[] }

/** How many of a development's versions the Lots page shows, newest first. */
export const PRICE_LIST_PAGE = 5

/** A lot as the price list form reads it: its numbers and its price in force, exact in sen. */
export interface PricedLot {
  id: number
  lotNumber: string
  unitNumber: string | null
  priceSen: number | null
}

/** POST /api/developments/:id/price-lists: prices in sen (RM x 100), the time an ISO moment with its zone. */
export interface PriceListDraft {
  label: string
  effectiveAt: string
  entries: Array<{ lotId: number; priceSen: number }>
}

/** GET/PUT /api/lots/:id/bumiputera: a lot's Bumiputera quota flag and its release by the state, when recorded. */
export interface LotBumiputera {
  id: number
  isBumiputeraLot: boolean
  release: { releasedAt: string; authority: string; reference: string } | null
  /** A quota lot whose release is not recorded: only a verified Bumiputera buyer may book it. */
  reserved: boolean
}

/** PUT /api/lots/:id/bumiputera: the release's three fields together, or none of them (null). */
export interface LotBumiputeraDraft {
  isBumiputeraLot: boolean
  releasedAt: string | null
  releaseAuthority: string | null
  releaseReference: string | null
}

/** POST /api/lots/:id/bumiputera/approval-document: the stored approval, read at `url` by super admins. */
export interface LotApprovalDocument {
  id: number
  lotId: number
  name: string
  size: number
  createdAt: string | null
  url: string
}

/** GET /api/developments/:id/bumiputera-quota: the quota-fill figures of one development. */
export interface QuotaFill {
  developmentId: number
  name: string
  required: { percent: number | null; lots: number | null }
  totalLots: number
  quotaLots: number
  shortOfRequired: number
  booked: number
  sold: number
  available: number
  released: number
}

/** The lots API's largest page. */
const LOTS_PAGE = 100

/** The developments' settings, and the lots' CSV export and import. */
export const inventoryDataProvider = ({ json, text }: DataProviderApi) => ({
  /** The active developments, for the lot form's property and the lots filter. */
  getDevelopments: () => json<Development[]>('/properties'),

  /** Each development's hold length (super admins); null restores the default. */
  getDevelopmentHolds: () => json<DevelopmentHold[]>('/developments/holds'),
  saveDevelopmentHold: ({ id, holdMinutes }: { id: Identifier; holdMinutes: number | null }) =>
    json<DevelopmentHold & { message: string }>(`/developments/${encodeURIComponent(id)}/hold`, {
      method: 'PUT',
      body: JSON.stringify({ holdMinutes }),
    }),

  /** Whether each development's lots not yet released are shown on the public pages (super admins). */
  getDevelopmentLotVisibility: () => json<DevelopmentLotVisibility[]>('/developments/lot-visibility'),
  saveDevelopmentLotVisibility: ({ id, showUnreleasedLots }: { id: Identifier; showUnreleasedLots: boolean }) =>
    json<DevelopmentLotVisibility & { message: string }>(`/developments/${encodeURIComponent(id)}/lot-visibility`, {
      method: 'PUT',
      body: JSON.stringify({ showUnreleasedLots }),
    }),

  /** A development's latest price list versions (super admins), newest effective first. */
  getPriceLists: (developmentId: Identifier) =>
    json<PriceListVersion[]>(
      `/developments/${encodeURIComponent(developmentId)}/price-lists?${new URLSearchParams({ range: JSON.stringify([0, PRICE_LIST_PAGE - 1]) })}`
    ),

  /** One version's prices, lot by lot (super admins). */
  getPriceList: (developmentId: Identifier, versionId: Identifier) =>
    json<PriceListVersionPrices>(
      `/developments/${encodeURIComponent(developmentId)}/price-lists/${encodeURIComponent(versionId)}`
    ),

  /** Publishes a new version (super admins); a refusal is an HttpError with the backend's field errors. */
  publishPriceList: (developmentId: Identifier, draft: PriceListDraft) =>
    json<PriceListVersion & { message: string }>(`/developments/${encodeURIComponent(developmentId)}/price-lists`, {
      method: 'POST',
      body: JSON.stringify(draft),
    }),

  /** Every lot of a development in lot number order, page after page, with its price in force. */
  getPricedLots: async (developmentId: Identifier) => {
    const lots: PricedLot[] = []
    for (let start = 0; ; start += LOTS_PAGE) {
      const page = await json<PricedLot[]>(
        `/lots?${new URLSearchParams({
          filter: JSON.stringify({ propertyId: developmentId }),
          sort: JSON.stringify(['lotNumber', 'ASC']),
          range: JSON.stringify([start, start + LOTS_PAGE - 1]),
        })}`
      )
      lots.push(...page)
      if (page.length < LOTS_PAGE) return lots
    }
  },

  /** Each development's approval targets (super admins): the agent admin's and the developer's tier. */
  getDevelopmentTimeLimits: () => json<DevelopmentTimeLimits[]>('/developments/time-limits'),
  saveDevelopmentTimeLimits: ({ id, ...targets }: DevelopmentTimeLimits) =>
    json<DevelopmentTimeLimits & { message: string }>(`/developments/${encodeURIComponent(id)}/time-limits`, {
      method: 'PUT',
      body: JSON.stringify({
        agentTargetMinutes: targets.agentTargetMinutes,
        developerTargetMinutes: targets.developerTargetMinutes,
      }),
    }),

  /**
   * GET /api/lots/export: the lots as the list shows them (its filter and sort), every page, in
   * the columns the import reads.
   */
  exportLots: ({ filter, sort }: { filter: Record<string, unknown>; sort: SortPayload }) =>
    text(
      `/lots/export?${new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) })}`
    ),

  /** GET /api/lots/import/template: the export's header row and an example lot. */
  getLotImportTemplate: () => text('/lots/import/template'),

  /** POST /api/lots/import/preview: what each row of the file would do; nothing is written. */
  previewLotImport: (file: File) =>
    json<LotImportReport>('/lots/import/preview', { method: 'POST', body: csvForm(file) }),

  /**
   * POST /api/lots/import: every row applied in one transaction. A refusal is an HttpError
   * whose body lists the refused rows (`rows`); then nothing was written.
   */
  importLots: (file: File) => json<LotImportReport>('/lots/import', { method: 'POST', body: csvForm(file) }),

  /** A lot's Bumiputera quota flag and release (super admins). */
  getLotBumiputera: (lotId: Identifier) => json<LotBumiputera>(`/lots/${encodeURIComponent(lotId)}/bumiputera`),
  /** A refusal is an HttpError with the backend's field errors (a release in the future, a field missing). */
  saveLotBumiputera: (lotId: Identifier, draft: LotBumiputeraDraft) =>
    json<LotBumiputera & { message: string }>(`/lots/${encodeURIComponent(lotId)}/bumiputera`, {
      method: 'PUT',
      body: JSON.stringify(draft),
    }),
  /** The approvals uploaded for the lot's release, newest first (what they are, not their contents). */
  getLotApprovalDocuments: (lotId: Identifier) =>
    json<LotApprovalDocument[]>(`/lots/${encodeURIComponent(lotId)}/bumiputera/approval-documents`),
  /** The state's approval of the lot's release, in field `document` (only once the release is recorded). */
  uploadLotApprovalDocument: (lotId: Identifier, file: File) => {
    const form = new FormData()
    form.append('document', file)
    return json<LotApprovalDocument>(`/lots/${encodeURIComponent(lotId)}/bumiputera/approval-document`, {
      method: 'POST',
      body: form,
    })
  },

  /** A development's Bumiputera quota and how its quota lots stand (super admins). */
  getBumiputeraQuota: (developmentId: Identifier) =>
    json<QuotaFill>(`/developments/${encodeURIComponent(developmentId)}/bumiputera-quota`),
  /** The required share in whole percent, or null for none. */
  saveBumiputeraQuota: (developmentId: Identifier, quotaPercent: number | null) =>
    json<{ id: number; name: string; bumiputeraQuotaPercent: number | null; message: string }>(
      `/developments/${encodeURIComponent(developmentId)}/bumiputera-quota`,
      { method: 'PUT', body: JSON.stringify({ quotaPercent }) }
    ),

  /** POST /api/packages/:id/retire: the package is offered no more (bookings keep theirs). */
  retirePackage: (id: Identifier) =>
    json<{ message: string }>(`/packages/${encodeURIComponent(id)}/retire`, { method: 'POST' }),
})

/** The multipart body of the lots CSV import: the file in field `file`. */
function csvForm(file: File): FormData {
  const form = new FormData()
  form.append('file', file)
  return form
}

declare module '../../plugins/types' {
  interface PluginDataProviders {
    inventory: ReturnType<typeof inventoryDataProvider>
  }
}
