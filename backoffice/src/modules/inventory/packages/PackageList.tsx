import { CreateButton, DataTable, List, SelectInput, TopToolbar } from 'react-admin'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { useDevelopments } from '../useDevelopments'
import { RetirePackageButton } from './RetirePackageButton'
import { PACKAGES_RESOURCE, STATE_CHOICES, discountText, stateLabel, type PricePackage } from './types'

function DevelopmentFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const developments = useDevelopments()
  return (
    <SelectInput
      source={source}
      label="Development"
      choices={developments.data ?? []}
      isPending={developments.isPending}
      emptyText="All"
    />
  )
}

const filters = [
  <DevelopmentFilter key="developmentId" source="developmentId" alwaysOn />,
  <SelectInput key="state" source="state" label="State" choices={STATE_CHOICES} alwaysOn emptyText="All" />,
]

/** Price packages (super admins): each development's named discounts, scheduled, in force, ended or retired. */
export default function PackageList() {
  const flash = useFlash()
  const developments = useDevelopments()
  const developmentName = (id: number) => developments.data?.find((development) => development.id === id)?.name ?? ''
  return (
    <List<PricePackage>
      resource={PACKAGES_RESOURCE}
      title="Packages"
      filters={filters}
      sort={{ field: 'validFrom', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton label="New package" />
        </TopToolbar>
      }
      queryOptions={{ onError: () => flash.error('Failed to load the packages. Please try again later.') }}
    >
      <DataTable<PricePackage> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col<PricePackage> source="name" label="Name" />
        <DataTable.Col<PricePackage>
          label="Development"
          disableSort
          render={(pkg) => developmentName(pkg.developmentId)}
        />
        <DataTable.Col<PricePackage> label="Discount" disableSort render={discountText} />
        <DataTable.Col<PricePackage> source="validFrom" label="From" render={(pkg) => formatDateTime(pkg.validFrom)} />
        <DataTable.Col<PricePackage>
          source="validUntil"
          label="Until"
          render={(pkg) => (pkg.validUntil ? formatDateTime(pkg.validUntil) : 'No end')}
        />
        <DataTable.Col<PricePackage> label="Lots" disableSort render={(pkg) => (pkg.allLots ? 'All' : 'Chosen')} />
        <DataTable.Col<PricePackage> label="Combines" disableSort render={(pkg) => (pkg.combinable ? 'Yes' : 'No')} />
        <DataTable.Col<PricePackage>
          label="For"
          disableSort
          render={(pkg) => (pkg.eligibility === 'bumiputera' ? 'Bumiputera' : 'Everyone')}
        />
        <DataTable.Col<PricePackage> label="State" disableSort render={(pkg) => stateLabel(pkg.state)} />
        <DataTable.Col<PricePackage> label="" disableSort render={() => <RetirePackageButton />} />
      </DataTable>
    </List>
  )
}
