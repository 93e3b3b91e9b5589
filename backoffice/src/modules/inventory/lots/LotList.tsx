import { useState } from 'react'
import { Box, Chip, Stack } from '@mui/material'
import DownloadIcon from '@mui/icons-material/GetApp'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { useMutation } from '@tanstack/react-query'
import {
  Button,
  CreateButton,
  DataTable,
  EditButton,
  FilterButton,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  downloadCSV,
  useDataProvider,
  useListContext,
  type SelectInputProps,
} from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { usePhoneFilters } from '../../../components/PhoneFilters'
import { LotStatusBadge } from '../../../components/StatusBadge'
import { useIsLaptop } from '../../../hooks/useIsLaptop'
import { LiveAnnouncer } from '../../../live/LiveAnnouncer'
import { LOTS_CHANNEL, describeLotMessage } from '../../../live/messages'
import { useLiveRefresh } from '../../../live/useLiveRefresh'
import { formatArea, formatRM } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { LOT_STATUS_CHOICES, PRICE_BAND_CHOICES, TYPE_CODE_CHOICES, type Lot } from '../types'
import { ImportLotsDialog } from './ImportLotsDialog'
import { ApprovalTargetsButton } from './ApprovalTargetsDialog'
import { HoldLengthButton } from './HoldLengthDialog'
import { WaitlistWindowButton } from './WaitlistWindowDialog'
import { PriceListsButton } from './PriceListsDialog'
import { UnreleasedLotsButton } from './UnreleasedLotsDialog'
import { BumiputeraQuotaButton } from './BumiputeraQuotaDialog'
import { LotStatusSelect } from './LotStatusSelect'
import { useDevelopments } from '../useDevelopments'

function PropertyFilter(props: SelectInputProps) {
  const { data, isPending } = useDevelopments()
  return <SelectInput {...props} choices={data ?? []} isPending={isPending} emptyText="All properties" />
}

function PropertyName({ lot }: { lot: Lot }) {
  const { data } = useDevelopments()
  return <>{data?.find((development) => development.id === lot.propertyId)?.name ?? 'N/A'}</>
}

/** The lot's status, and "Bumi lot" while only a verified Bumiputera buyer may book it (its release not recorded). */
function LotStatusCell({ lot }: { lot: Lot }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <LotStatusBadge status={lot.status} />
      {lot.bumiputeraReserved ? (
        <Chip size="small" variant="outlined" label="Bumi lot" title="Reserved for verified Bumiputera buyers" />
      ) : null}
    </Stack>
  )
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search unit, lot or title" />,
  <PropertyFilter key="propertyId" source="propertyId" label="Property" alwaysOn />,
  <SelectInput
    key="typeCode"
    source="typeCode"
    label="Type"
    choices={TYPE_CODE_CHOICES}
    alwaysOn
    emptyText="All types"
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={LOT_STATUS_CHOICES}
    alwaysOn
    emptyText="All statuses"
  />,
  <SelectInput
    key="priceBand"
    source="priceBand"
    label="Price"
    choices={PRICE_BAND_CHOICES}
    alwaysOn
    emptyText="All prices"
  />,
  <NumberInput key="phase" source="phase" label="Phase" />,
]

/**
 * The lots as filtered and sorted on screen, as the backend writes them: in the columns its
 * import reads, so an exported file imports back as it is.
 */
function LotExportButton() {
  const { filterValues, sort, total } = useListContext<Lot>()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const lotExport = useMutation({
    mutationFn: () => dataProvider.exportLots({ filter: filterValues, sort }),
    onSuccess: (csv) => downloadCSV(csv, 'lots'),
    onError: (error) => flash.error(messageOf(error, 'Failed to export lots. Please try again.')),
  })
  return (
    <Button label="Export" onClick={() => lotExport.mutate()} disabled={!total || lotExport.isPending}>
      <DownloadIcon />
    </Button>
  )
}

function LotListActions({ onImport }: { onImport: () => void }) {
  return (
    // Ten buttons beside the filters: on a laptop they wrap rather than push the page wide.
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {/* Phase is not always on screen, on the desktop either: Add filter reaches it. */}
      <FilterButton />
      <CreateButton label="Add Lot" />
      <Button label="Import CSV" onClick={onImport}>
        <UploadFileIcon />
      </Button>
      <LotExportButton />
      <HoldLengthButton />
      <ApprovalTargetsButton />
      <WaitlistWindowButton />
      <PriceListsButton />
      <UnreleasedLotsButton />
      <BumiputeraQuotaButton />
    </TopToolbar>
  )
}

/**
 * Lots management (requirements: super-admin.md#lots-management): every lot whatever its status, filtered and
 * sorted in SQL. Lot status changes made anywhere (bookings, expiry, imports, other admins) refresh it.
 */
export default function LotList() {
  const flash = useFlash()
  const [importing, setImporting] = useState(false)
  // On a laptop the phase and the property go under the type, the built-up area under the land
  // area, and the status select beside Edit: the actions stay on screen.
  const laptop = useIsLaptop()
  const announcement = useLiveRefresh(LOTS_CHANNEL, describeLotMessage)
  return (
    <>
      <LiveAnnouncer text={announcement} />
      <List<Lot>
        resource="admin/lots"
        title="Lots"
        filters={usePhoneFilters(filters)}
        sort={{ field: 'unitNumber', order: 'ASC' }}
        perPage={25}
        queryOptions={{ onError: () => flash.error('Failed to load lots. Please try again later.') }}
        actions={<LotListActions onImport={() => setImporting(true)} />}
      >
        <ListTableOrCards<Lot>
          label="Lots"
          card={{
            primary: (lot) => `${lot.unitNumber || 'N/A'} · Lot ${lot.lotNumber}`,
            secondary: (lot) => [
              <PropertyName key="property" lot={lot} />,
              `${lot.type} · ${formatRM(lot.price)}`,
              `Land Area: ${formatArea(lot.landSize)}`,
              `Built-up: ${formatArea(lot.builtUpArea)}`,
              `Waitlist: ${lot.waitlistCount ?? 0}`,
            ],
            tertiary: (lot) => <LotStatusCell lot={lot} />,
            actions: (lot) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
                <LotStatusSelect lot={lot} />
                <EditButton record={lot} />
              </Stack>
            ),
          }}
        >
          <DataTable<Lot> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col<Lot> source="unitNumber" label="Unit" render={(lot) => lot.unitNumber || 'N/A'} />
            <DataTable.Col<Lot> source="lotNumber" label="Lot No." />
            {laptop ? null : <DataTable.Col<Lot> label="Property" render={(lot) => <PropertyName lot={lot} />} />}
            <DataTable.Col<Lot>
              source="type"
              label={laptop ? 'Type / Phase' : 'Type'}
              render={(lot) =>
                laptop ? (
                  <>
                    {lot.type}
                    <Box sx={{ color: 'text.secondary' }}>
                      Phase {lot.phase ?? 'N/A'} · <PropertyName lot={lot} />
                    </Box>
                  </>
                ) : (
                  lot.type
                )
              }
            />
            {laptop ? null : <DataTable.Col<Lot> source="phase" label="Phase" render={(lot) => lot.phase ?? 'N/A'} />}
            {laptop ? (
              <DataTable.Col<Lot>
                source="landSize"
                label="Land / Built-up"
                disableSort
                render={(lot) => (
                  <>
                    {formatArea(lot.landSize)}
                    <Box sx={{ color: 'text.secondary' }}>{formatArea(lot.builtUpArea)}</Box>
                  </>
                )}
              />
            ) : (
              <DataTable.Col<Lot>
                source="landSize"
                label="Land Area"
                disableSort
                render={(lot) => formatArea(lot.landSize)}
              />
            )}
            {laptop ? null : (
              <DataTable.Col<Lot>
                source="builtUpArea"
                label="Built-up"
                disableSort
                render={(lot) => formatArea(lot.builtUpArea)}
              />
            )}
            <DataTable.Col<Lot> source="price" label="Price" render={(lot) => formatRM(lot.price)} />
            <DataTable.Col<Lot> source="status" label="Status" render={(lot) => <LotStatusCell lot={lot} />} />
            <DataTable.Col<Lot>
              source="waitlistCount"
              label="Waitlist"
              disableSort
              render={(lot) => lot.waitlistCount ?? 0}
            />
            {laptop ? (
              <DataTable.Col<Lot>
                label="Actions"
                render={(lot) => (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LotStatusSelect lot={lot} />
                    <EditButton record={lot} />
                  </Stack>
                )}
              />
            ) : (
              <DataTable.Col<Lot> label="Change Status" render={(lot) => <LotStatusSelect lot={lot} />} />
            )}
            {laptop ? null : <DataTable.Col<Lot> label="Actions" render={(lot) => <EditButton record={lot} />} />}
          </DataTable>
        </ListTableOrCards>
      </List>
      <ImportLotsDialog open={importing} onClose={() => setImporting(false)} />
    </>
  )
}
