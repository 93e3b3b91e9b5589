import { Box } from '@mui/material'
import {
  BooleanInput,
  NumberInput,
  SelectInput,
  TextInput,
  minValue,
  number,
  required,
  useRecordContext,
} from 'react-admin'
import { LOT_STATUS_CHOICES, LOT_TYPES, TYPE_CODE_CHOICES, type Lot } from '../types'
import { useDevelopments } from '../useDevelopments'

const row = { display: 'flex', columnGap: 2, flexWrap: 'wrap' } as const
/** Inputs share their row, and wrap on narrow screens. */
const cell = { flex: '1 1 200px' } as const

/**
 * The admin lot form and the shop-lot fields (requirements: super-admin.md#lots-management): lotNumber, type and
 * status required; areas and price numeric. The backend applies the same rules.
 */
export function LotFields({ withProperty = false }: { withProperty?: boolean }) {
  const lot = useRecordContext<Lot>()
  const developments = useDevelopments()
  // The list is closed (the backend accepts only these); a lot stored with another type still shows it.
  const types = [...new Set<string>([...LOT_TYPES, ...(lot?.type ? [lot.type] : [])])].map((type) => ({
    id: type,
    name: type,
  }))
  return (
    <Box sx={{ width: '100%', maxWidth: 860 }}>
      {withProperty && (
        <SelectInput
          source="propertyId"
          label="Property"
          choices={developments.data ?? []}
          isPending={developments.isPending}
          validate={required('Please select a property')}
          sx={{ minWidth: 280 }}
        />
      )}
      <Box sx={row}>
        <TextInput source="lotNumber" label="Lot Number" validate={required('Lot number is required')} sx={cell} />
        <TextInput source="unitNumber" label="Unit Number" sx={cell} />
        <TextInput source="title" label="Title" sx={cell} />
      </Box>
      <Box sx={row}>
        <SelectInput
          source="type"
          label="Type"
          choices={types}
          validate={required('Type is required')}
          helperText="One of the listed types"
          sx={cell}
        />
        <SelectInput
          source="typeCode"
          label="Type Code"
          choices={TYPE_CODE_CHOICES}
          emptyText="None"
          parse={(value: string) => value || null}
          sx={cell}
        />
        <SelectInput
          source="status"
          label="Status"
          choices={LOT_STATUS_CHOICES}
          validate={required('Status is required')}
          sx={cell}
        />
        <NumberInput
          source="phase"
          label="Phase"
          validate={[number('Phase must be a whole number'), minValue(0)]}
          sx={cell}
        />
      </Box>
      <Box sx={row}>
        <NumberInput
          source="size"
          label="Size (sqm)"
          validate={[number('Size must be a number'), minValue(0, 'Size cannot be negative')]}
          sx={cell}
        />
        <NumberInput
          source="landAreaSqft"
          label="Land Area (sqft)"
          validate={[number('Land area must be a number'), minValue(0, 'Land area cannot be negative')]}
          sx={cell}
        />
        <NumberInput
          source="builtUpArea"
          label="Built-up Area (sqm)"
          validate={[number('Built-up area must be a number'), minValue(0, 'Built-up area cannot be negative')]}
          sx={cell}
        />
      </Box>
      <Box sx={row}>
        <NumberInput
          source="price"
          label="Price (RM)"
          validate={[number('Price must be a number'), minValue(0, 'Price cannot be negative')]}
          sx={cell}
        />
        <TextInput source="spaPrice" label="SPA Price" sx={cell} />
      </Box>
      <TextInput source="description" label="Description" multiline minRows={3} fullWidth />
      <BooleanInput
        source="released"
        label="Released for sale"
        helperText="Off: the lot cannot be requested or booked, and the public pages show it as Not released (or hide it)."
      />
    </Box>
  )
}
