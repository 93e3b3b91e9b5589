import { cloneElement, type ReactElement, type ReactNode } from 'react'
import { FilterButton, ListNoResults, SimpleListLoading, WithListContext, type RaRecord } from 'react-admin'
import { useIsPhone } from '../hooks/useIsPhone'
import { RecordCards, type RecordCard } from './RecordCards'

/**
 * A react-admin List's records: its DataTable (the children) from `sm` up, as on the desktop;
 * on a phone, a card per record, with the same actions.
 */
export function ListTableOrCards<T extends RaRecord>({
  label,
  card,
  empty = <ListNoResults />,
  children,
}: {
  /** The cards' accessible name. */
  label: string
  card: RecordCard<T>
  /** What an empty page of results says, as the DataTable's `empty`. */
  empty?: ReactNode
  children: ReactNode
}) {
  const isPhone = useIsPhone()
  if (!isPhone) return <>{children}</>
  return (
    <WithListContext<T>
      loading={<SimpleListLoading hasSecondaryText={!!card.secondary} hasTertiaryText={!!card.tertiary} />}
      empty={empty}
      render={({ data }) => <RecordCards label={label} records={data ?? []} card={card} />}
    />
  )
}

type FilterInput = ReactElement<{ source: string; alwaysOn?: boolean }>

/**
 * A list's filters as a phone shows them: the search stays on screen, the others wait behind
 * react-admin's Add filter button (PhoneFilterButton). Unchanged from `sm` up.
 */
export function usePhoneFilters(filters: FilterInput[]): FilterInput[] {
  const isPhone = useIsPhone()
  if (!isPhone) return filters
  return filters.map((filter) => (filter.props.source === 'q' ? filter : cloneElement(filter, { alwaysOn: false })))
}

/** Add filter, for lists with their own toolbar: on a phone only, where usePhoneFilters hides filters behind it. */
export function PhoneFilterButton() {
  return useIsPhone() ? <FilterButton /> : null
}
