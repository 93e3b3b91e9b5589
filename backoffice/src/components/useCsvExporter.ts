import { useCallback } from 'react'
import { downloadCSV, useListContext, type Exporter, type RaRecord } from 'react-admin'
import { toCsv, type CsvColumn } from '../format'

/** The backend's largest page (core/listing.ts MAX_PAGE_SIZE). */
export const EXPORT_PAGE_SIZE = 100
/** An export stops here: past this, a report is the better tool. */
export const MAX_EXPORT_ROWS = 10_000

/**
 * An exporter for react-admin's <ExportButton maxResults={EXPORT_PAGE_SIZE}>: the button
 * fetches the first page of the list as filtered and sorted on screen; the exporter fetches
 * the following pages the same way (the backend pages by 100 at most), then downloads the
 * CSV with these columns.
 */
export function useCsvExporter<T extends RaRecord>(columns: readonly CsvColumn<T>[], filename: string): Exporter<T> {
  const { filterValues, sort } = useListContext<T>()
  return useCallback<Exporter<T>>(
    async (firstPage, _fetchRelatedRecords, dataProvider, resource) => {
      const rows = [...firstPage]
      let page = 1
      let lastPageSize = firstPage.length
      while (lastPageSize === EXPORT_PAGE_SIZE && rows.length < MAX_EXPORT_ROWS && resource) {
        page += 1
        const { data } = await dataProvider.getList<T>(resource, {
          pagination: { page, perPage: EXPORT_PAGE_SIZE },
          sort,
          filter: filterValues,
        })
        rows.push(...data)
        lastPageSize = data.length
      }
      downloadCSV(toCsv(rows.slice(0, MAX_EXPORT_ROWS), columns), filename)
    },
    [columns, filename, filterValues, sort]
  )
}
