import { CheckboxGroupInput, DateTimeInput, NumberInput, TextInput, required } from 'react-admin'
import { DATA_KIND_CHOICES } from './types'

/** The facts of an incident, as the backend's validator has them (backend/app/privacy/validators/data_breach.ts). */
export function BreachFields() {
  return (
    <>
      <DateTimeInput source="discoveredAt" label="Found at" validate={required()} />
      <TextInput source="description" label="What happened" multiline minRows={3} fullWidth validate={required()} />
      <TextInput
        source="affectedPeople"
        label="Whose data"
        helperText="For example: buyers of Phase 4 lots"
        fullWidth
        validate={required()}
      />
      <CheckboxGroupInput source="dataKinds" label="Kinds of data" choices={DATA_KIND_CHOICES} validate={required()} />
      <NumberInput source="affectedCount" label="People affected" min={0} step={1} validate={required()} />
    </>
  )
}
