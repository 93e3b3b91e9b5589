import type { Identifier } from 'react-admin'
import type { DataProviderApi } from '../../../plugins/types'
import type { ReleaseBatch, ReleaseBatchDraft } from './types'

const batchesPath = (developmentId: Identifier) => `/developments/${encodeURIComponent(developmentId)}/release-batches`

/** A development's release batches (super admins; the backend answers 403 to anyone else). */
export const releaseBatchesDataProvider = ({ json }: DataProviderApi) => ({
  /** Every batch of the development, scheduled and released, by release time. */
  getReleaseBatches: (developmentId: Identifier) => json<ReleaseBatch[]>(batchesPath(developmentId)),

  /** A refusal is an HttpError whose body lists the fields at fault (`releaseAt`, `lotIds.<index>`). */
  scheduleReleaseBatch: (developmentId: Identifier, draft: ReleaseBatchDraft) =>
    json<ReleaseBatch & { message: string }>(batchesPath(developmentId), {
      method: 'POST',
      body: JSON.stringify(draft),
    }),

  /** Only a scheduled batch: a released one is refused (409), its lots are on sale. */
  cancelReleaseBatch: (developmentId: Identifier, batchId: Identifier) =>
    json<{ message: string }>(`${batchesPath(developmentId)}/${encodeURIComponent(batchId)}`, { method: 'DELETE' }),
})

declare module '../../../plugins/types' {
  interface PluginDataProviders {
    inventoryReleaseBatches: ReturnType<typeof releaseBatchesDataProvider>
  }
}
