import {
  AutocompleteArrayInput,
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  required,
  useGetList,
} from 'react-admin'
import { useDevelopments } from '../useDevelopments'
import { fromHundredths, hundredths } from './types'

/** The lots one page of the lots list holds: a development's whole shop-lot hub fits. */
const LOT_CHOICES = 100

function LotChoices({ developmentId }: { developmentId: number | undefined }) {
  const lots = useGetList<{ id: number; lotNumber: string; unitNumber: string | null }>(
    'admin/lots',
    {
      filter: { propertyId: developmentId },
      pagination: { page: 1, perPage: LOT_CHOICES },
      sort: { field: 'unitNumber', order: 'ASC' },
    },
    { enabled: Boolean(developmentId) }
  )
  return (
    <AutocompleteArrayInput
      source="lotIds"
      label="Lots"
      choices={(lots.data ?? []).map((lot) => ({
        id: lot.id,
        name: lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`,
      }))}
      isPending={lots.isPending && Boolean(developmentId)}
      validate={required('Choose at least one lot, or all lots')}
      fullWidth
    />
  )
}

/** A package's terms, as the backend's validator has them (backend/app/inventory/validators/package.ts). */
export function PackageFields({ creating }: { creating?: boolean }) {
  const developments = useDevelopments()
  return (
    <>
      {creating && (
        <SelectInput
          source="developmentId"
          label="Development"
          choices={developments.data ?? []}
          isPending={developments.isPending}
          validate={required()}
        />
      )}
      <TextInput source="name" label="Name" helperText="As buyers see it, e.g. Early bird -5%" validate={required()} />
      <RadioButtonGroupInput
        source="kind"
        label="Discount"
        choices={[
          { id: 'percent', name: 'A percentage' },
          { id: 'fixed', name: 'A fixed amount' },
        ]}
        validate={required()}
      />
      <FormDataConsumer<{ kind?: string }>>
        {({ formData }) =>
          formData.kind === 'fixed' ? (
            <NumberInput
              source="amountSen"
              label="Amount (RM)"
              format={fromHundredths}
              parse={hundredths}
              min={0.01}
              step={0.01}
              validate={required()}
            />
          ) : (
            <NumberInput
              source="percentBp"
              label="Percentage (%)"
              helperText="Up to two decimals, e.g. 7.25"
              format={fromHundredths}
              parse={hundredths}
              min={0.01}
              max={100}
              step={0.01}
              validate={required()}
            />
          )
        }
      </FormDataConsumer>
      <DateTimeInput source="validFrom" label="Valid from" helperText="Leave empty to start now" />
      <DateTimeInput source="validUntil" label="Valid until" helperText="Leave empty for no end" />
      <BooleanInput source="allLots" label="All lots of the development" />
      <FormDataConsumer<{ allLots?: boolean; developmentId?: number }>>
        {({ formData }) => (formData.allLots ? null : <LotChoices developmentId={formData.developmentId} />)}
      </FormDataConsumer>
      <BooleanInput
        source="combinable"
        label="May combine with other packages"
        helperText="A package that may not combine is never in force with another on the same lots"
      />
      <RadioButtonGroupInput
        source="eligibility"
        label="For"
        choices={[
          { id: 'everyone', name: 'Every buyer' },
          { id: 'bumiputera', name: 'Verified Bumiputera buyers only' },
        ]}
        validate={required()}
      />
    </>
  )
}
