import { Alert, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material'
import { formatRM } from '../../../../format'
import type { Development } from '../../../inventory/dataProvider'
import type { BookingFormErrors } from '../bookingForm'
import type { BookableItem, BookableKind } from '../types'

function itemLabel(item: BookableItem): string {
  const number = item.unitNumber ?? `Lot ${item.lotNumber}`
  return [number, item.type, item.price !== null ? formatRM(item.price) : null].filter(Boolean).join(' · ')
}

/** What is booked: the property, unit or lot, and which of its available ones. */
export function ItemFields({
  propertyId,
  kind,
  itemId,
  developments,
  items,
  errors,
  onPropertyChange,
  onKindChange,
  onItemChange,
}: {
  propertyId: string
  kind: BookableKind
  itemId: string
  developments: Development[] | undefined
  items: { data: BookableItem[] | undefined; isError: boolean; isSuccess: boolean; isFetching: boolean }
  errors: BookingFormErrors
  onPropertyChange: (propertyId: string) => void
  onKindChange: (kind: BookableKind) => void
  onItemChange: (itemId: string) => void
}) {
  const noun = kind === 'unit' ? 'unit' : 'lot'
  return (
    <>
      <TextField
        select
        label="Property"
        required
        value={propertyId}
        onChange={(event) => onPropertyChange(event.target.value)}
        error={!!errors.propertyId}
        helperText={errors.propertyId}
      >
        {(developments ?? []).map((development) => (
          <MenuItem key={development.id} value={String(development.id)}>
            {development.name}
            {development.location ? ` · ${development.location}` : ''}
          </MenuItem>
        ))}
      </TextField>

      <FormControl>
        <FormLabel id="booking-kind-label">Type</FormLabel>
        <RadioGroup
          row
          aria-labelledby="booking-kind-label"
          sx={{ '& .MuiRadio-root': { p: 1.25 } }}
          value={kind}
          onChange={(event) => onKindChange(event.target.value as BookableKind)}
        >
          <FormControlLabel value="unit" control={<Radio />} label="Unit" />
          <FormControlLabel value="lot" control={<Radio />} label="Lot" />
        </RadioGroup>
      </FormControl>

      {propertyId !== '' && items.isError ? (
        <Alert severity="error" role="alert">
          Failed to load units/lots for this property
        </Alert>
      ) : propertyId !== '' && items.isSuccess && items.data?.length === 0 ? (
        <Alert severity="info" role="status">
          No available {noun}s found for this property.
        </Alert>
      ) : null}

      <TextField
        select
        label={kind === 'unit' ? 'Unit' : 'Lot'}
        required
        value={itemId}
        disabled={propertyId === '' || !items.data?.length}
        onChange={(event) => onItemChange(event.target.value)}
        error={!!errors.itemId}
        helperText={
          errors.itemId ??
          (propertyId === ''
            ? 'Choose a property first.'
            : items.isFetching
              ? 'Loading...'
              : 'Only available ones are listed.')
        }
      >
        {(items.data ?? []).map((item) => (
          <MenuItem key={item.id} value={String(item.id)}>
            {itemLabel(item)}
          </MenuItem>
        ))}
      </TextField>
    </>
  )
}
