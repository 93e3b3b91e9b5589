import { cloneElement, type ReactElement } from 'react'
import { FilterButton } from 'react-admin'
import { useIsPhone } from '../hooks/useIsPhone'

// Apart from ListTableOrCards (ResponsiveList.tsx), so that a list without filters does not load
// react-admin's filter button and form.

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
