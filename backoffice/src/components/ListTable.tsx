import type { MouseEvent, ReactNode } from 'react'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  type SxProps,
  type Theme,
} from '@mui/material'
import { styled } from '@mui/material/styles'
import {
  Placeholder,
  RecordContextProvider,
  useListContext,
  useTimeout,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin'

export interface ListColumn<T> {
  label: string
  /** The field the list sorts by from this column's header; without it the column does not sort. */
  source?: string
  render: (record: T) => ReactNode
}

/**
 * A react-admin list's records as a table, sorted from the column headers: the markup, class
 * names and texts of react-admin's <DataTable> without bulk actions or row click. DataTable
 * also brings its bulk delete, column picker, checkboxes and expand panels into the screen's
 * code (with react-admin's <Pagination>, 44 kB gzip of the booking requests screen); a list
 * that uses none of them can do without. `false` or `null` leaves a column out.
 */
export function ListTable<T extends RaRecord>({
  columns,
  rowSx,
  empty,
}: {
  columns: readonly (ListColumn<T> | false | null)[]
  rowSx?: (record: T) => SxProps<Theme>
  /** What an empty page of results shows, as DataTable's `empty`. */
  empty: ReactNode
}) {
  const { data, isPending, total, sort, setSort } = useListContext<T>()
  const translate = useTranslate()
  const shown = columns.filter((column): column is ListColumn<T> => !!column)

  if (isPending) return <ListTableLoading columns={shown.length} />
  if (data == null || data.length === 0 || total === 0) return <>{empty}</>

  // As DataTable: a new column sorts ascending, the sorted one changes direction.
  const sortBy = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation()
    const field = event.currentTarget.dataset.field ?? 'id'
    setSort({ field, order: sort.field === field ? OPPOSITE[sort.order] : 'ASC' })
  }
  const sortLabel = (column: ListColumn<T>) => {
    const next = sort.field === column.source ? OPPOSITE[sort.order] : 'ASC'
    return translate('ra.sort.sort_by', {
      field: column.label,
      field_lower_first: column.label.charAt(0).toLowerCase() + column.label.slice(1),
      order: translate(`ra.sort.${next}`),
      _: translate('ra.action.sort'),
    })
  }

  return (
    <Root className="RaDataTable-root">
      <div className="RaDataTable-tableWrapper">
        <Table className="RaDataTable-table" size="small">
          <TableHead className="RaDataTable-thead">
            <TableRow className="RaDataTable-row RaDataTable-headerRow">
              {shown.map((column) => (
                <TableCell
                  key={column.label}
                  className={`RaDataTable-headerCell column-${column.source}`}
                  variant="head"
                >
                  {column.source ? (
                    <Tooltip title={sortLabel(column)} placement="bottom-start" enterDelay={300}>
                      <TableSortLabel
                        active={sort.field === column.source}
                        direction={sort.order === 'ASC' ? 'asc' : 'desc'}
                        data-field={column.source}
                        data-order="ASC"
                        onClick={sortBy}
                      >
                        <span>{translate(column.label, { _: column.label })}</span>
                      </TableSortLabel>
                    </Tooltip>
                  ) : (
                    <span>{translate(column.label, { _: column.label })}</span>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody className="datatable-body RaDataTable-tbody">
            {data.map((record, index) => (
              <RecordContextProvider value={record} key={record.id ?? `row${index}`}>
                <TableRow
                  className={`RaDataTable-row ${index % 2 === 0 ? 'RaDataTable-rowEven' : 'RaDataTable-rowOdd'} RaDataTable-selectable`}
                  sx={rowSx?.(record)}
                  hover
                >
                  {shown.map((column) => (
                    <TableCell key={column.label} className={`RaDataTable-rowCell column-${column.source}`}>
                      {column.render(record)}
                    </TableCell>
                  ))}
                </TableRow>
              </RecordContextProvider>
            ))}
          </TableBody>
        </Table>
      </div>
    </Root>
  )
}

const OPPOSITE: Record<SortPayload['order'], SortPayload['order']> = { ASC: 'DESC', DESC: 'ASC' }

/** DataTable's loading state: nothing for a second, then a table of placeholders. */
function ListTableLoading({ columns }: { columns: number }) {
  const oneSecondHasPassed = useTimeout(1000)
  if (!oneSecondHasPassed) return null
  const cells = (className: string, variant?: 'head') =>
    Array.from({ length: columns }, (_, key) => (
      <TableCell key={key} className={className} variant={variant}>
        <Placeholder />
      </TableCell>
    ))
  return (
    <div className="RaDataTable-root">
      <Table className="RaDataTable-table" size="small">
        <TableHead>
          <TableRow className="RaDataTable-row">{cells('RaDataTable-headerCell', 'head')}</TableRow>
        </TableHead>
        <TableBody>
          {Array.from({ length: 5 }, (_, line) => (
            <TableRow key={line} style={{ opacity: 1 / (line + 1) }}>
              {cells('RaDataTable-rowCell')}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

// DataTable's styles that apply to a table without checkboxes or expand panels, under its name
// (theme overrides of RaDataTable apply).
const Root = styled('div', {
  name: 'RaDataTable',
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  '& .RaDataTable-table': { tableLayout: 'auto' },
  '& .RaDataTable-headerCell': {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: (theme.vars || theme).palette.background.paper,
    '&:first-of-type': { borderTopLeftRadius: theme.shape.borderRadius },
    '&:last-child': { borderTopRightRadius: theme.shape.borderRadius },
  },
}))
