import {
  AutocompleteArrayInput,
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  ReferenceArrayInput,
  TextInput,
  required,
} from 'react-admin'
import { useDevelopments } from '../useDevelopments'
import { fromHundredths, hundredths } from './types'

type LotChoice = { id: number; lotNumber: string; unitNumber: string | null }

const lotLabel = (lot: LotChoice) =>
  lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`

/**
 * The development's lots, searched by unit or lot number in the backend (a development may have
 * thousands); the lots already chosen are fetched by id, whichever page they are on.
 */
function LotChoices({ developmentId }: { developmentId: number | undefined }) {
  if (!developmentId) return null
  return (
    <ReferenceArrayInput
      source="lotIds"
      reference="admin/lots"
      filter={{ propertyId: developmentId }}
      sort={{ field: 'unitNumber', order: 'ASC' }}
      perPage={25}
    >
      <AutocompleteArrayInput
        label="Lots"
        optionText={lotLabel}
        filterToQuery={(q: string) => ({ q })}
        helperText="Type a unit or lot number to find more"
        validate={required('Choose at least one lot, or all lots')}
        fullWidth
      />
    </ReferenceArrayInput>
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
