import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Button,
  CreateButton,
  DataTable,
  EditButton,
  ExportButton,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  type SelectInputProps,
} from 'react-admin';
import { LotStatusBadge } from '../../../components/StatusBadge';
import { EXPORT_PAGE_SIZE, useCsvExporter } from '../../../components/useCsvExporter';
import { formatArea, formatRM, type CsvColumn } from '../../../format';
import { useFlash } from '../../../messages';
import { LOT_STATUS_CHOICES, PRICE_BAND_CHOICES, TYPE_CODE_CHOICES, type Lot } from '../types';
import { ImportLotsDialog } from './ImportLotsDialog';
import { LotStatusSelect } from './LotStatusSelect';
import { useDevelopments } from '../useDevelopments';

function PropertyFilter(props: SelectInputProps) {
  const { data, isPending } = useDevelopments();
  return <SelectInput {...props} choices={data ?? []} isPending={isPending} emptyText="All properties" />;
}

function PropertyName({ lot }: { lot: Lot }) {
  const { data } = useDevelopments();
  return <>{data?.find((development) => development.id === lot.propertyId)?.name ?? 'N/A'}</>;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search unit, lot or title" />,
  <PropertyFilter key="propertyId" source="propertyId" label="Property" alwaysOn />,
  <SelectInput key="typeCode" source="typeCode" label="Type" choices={TYPE_CODE_CHOICES} alwaysOn emptyText="All types" />,
  <SelectInput key="status" source="status" label="Status" choices={LOT_STATUS_CHOICES} alwaysOn emptyText="All statuses" />,
  <SelectInput key="priceBand" source="priceBand" label="Price" choices={PRICE_BAND_CHOICES} alwaysOn emptyText="All prices" />,
  <NumberInput key="phase" source="phase" label="Phase" />,
];

const CSV_COLUMNS: CsvColumn<Lot>[] = [
  { header: 'Unit Number', value: (lot) => lot.unitNumber },
  { header: 'Lot Number', value: (lot) => lot.lotNumber },
  { header: 'Title', value: (lot) => lot.title },
  { header: 'Type', value: (lot) => lot.type },
  { header: 'Type Code', value: (lot) => lot.typeCode },
  { header: 'Phase', value: (lot) => lot.phase },
  { header: 'Land Area (sqm)', value: (lot) => lot.landSize },
  { header: 'Land Area (sqft)', value: (lot) => lot.landAreaSqft },
  { header: 'Built-up Area (sqm)', value: (lot) => lot.builtUpArea },
  { header: 'Price (RM)', value: (lot) => lot.price },
  { header: 'SPA Price', value: (lot) => lot.spaPrice },
  { header: 'Status', value: (lot) => lot.status },
];

function LotListActions({ onImport }: { onImport: () => void }) {
  const exporter = useCsvExporter(CSV_COLUMNS, 'lots');
  return (
    <TopToolbar>
      <CreateButton label="Add Lot" />
      <Button label="Import CSV" onClick={onImport}>
        <UploadFileIcon />
      </Button>
      <ExportButton exporter={exporter} maxResults={EXPORT_PAGE_SIZE} />
    </TopToolbar>
  );
}

/** Lots management (spec 001): every lot whatever its status, filtered and sorted in SQL. */
export default function LotList() {
  const flash = useFlash();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <List<Lot>
        resource="admin/lots"
        title="Lots"
        filters={filters}
        sort={{ field: 'unitNumber', order: 'ASC' }}
        perPage={25}
        queryOptions={{ onError: () => flash.error('Failed to load lots. Please try again later.') }}
        actions={<LotListActions onImport={() => setImporting(true)} />}
      >
        <DataTable<Lot> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<Lot> source="unitNumber" label="Unit" render={(lot) => lot.unitNumber || 'N/A'} />
          <DataTable.Col<Lot> source="lotNumber" label="Lot No." />
          <DataTable.Col<Lot> label="Property" render={(lot) => <PropertyName lot={lot} />} />
          <DataTable.Col<Lot> source="type" label="Type" render={(lot) => lot.type} />
          <DataTable.Col<Lot> source="phase" label="Phase" render={(lot) => lot.phase ?? 'N/A'} />
          <DataTable.Col<Lot> source="landSize" label="Land Area" disableSort render={(lot) => formatArea(lot.landSize)} />
          <DataTable.Col<Lot> source="builtUpArea" label="Built-up" disableSort render={(lot) => formatArea(lot.builtUpArea)} />
          <DataTable.Col<Lot> source="price" label="Price" render={(lot) => formatRM(lot.price)} />
          <DataTable.Col<Lot> source="status" label="Status" render={(lot) => <LotStatusBadge status={lot.status} />} />
          <DataTable.Col<Lot> label="Change Status" render={(lot) => <LotStatusSelect lot={lot} />} />
          <DataTable.Col<Lot> label="Actions" render={(lot) => <EditButton record={lot} />} />
        </DataTable>
      </List>
      <ImportLotsDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
