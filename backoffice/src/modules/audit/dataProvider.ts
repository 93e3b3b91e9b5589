import type { DataProviderApi } from '../../plugins/types'

/** The audit trail's export. */
export const auditDataProvider = ({ text }: DataProviderApi) => ({
  /** GET /api/audit-entries/export.csv: every audit entry the list's filter selects, newest first. */
  exportAuditEntries: ({ filter }: { filter: Record<string, unknown> }) =>
    text(`/audit-entries/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`),
})

declare module '../../plugins/types' {
  interface PluginDataProviders {
    audit: ReturnType<typeof auditDataProvider>
  }
}
