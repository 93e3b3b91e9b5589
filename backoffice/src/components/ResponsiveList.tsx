import type { ReactNode } from 'react'
import { ListNoResults, SimpleListLoading, WithListContext, type RaRecord } from 'react-admin'
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
