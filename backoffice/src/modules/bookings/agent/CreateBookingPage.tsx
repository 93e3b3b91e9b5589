import { useEffect, useId, useState } from 'react'
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import {
  HttpError,
  Title,
  useBasename,
  useDataProvider,
  useGetList,
  useGetOne,
  usePermissions,
  type Identifier,
} from 'react-admin'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { formatRM } from '../../../format'
import { useDebounced } from '../../../hooks/useDebounced'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { API_URL, type ActionResult, type FieldError } from '../../../providers/restProvider'
import { clientBookingForm } from '../dataProvider'
import { postWithProgress } from '../../../providers/upload'
import type { Role } from '../../../roles'
import {
  afterBookingPath,
  icHintColor,
  validateBookingForm,
  type BookingFormErrors,
  type BookingFormField,
  type BookingFormValues,
} from './bookingForm'
import { BookingFilePicker } from './BookingFilePicker'
import { PrivacyConsentField } from '../privacy/PrivacyConsentField'
import type { BookableItem, BookableKind, Client } from './types'

export const BOOKING_CREATED = 'Booking successfully created and sent to admin for review'

const EMPTY: BookingFormValues = {
  userId: '',
  propertyId: '',
  kind: 'lot',
  itemId: '',
  notes: '',
  icFront: null,
  icBack: null,
  cheque: null,
  consent: false,
}

/** The backend's field names for the form's: `lotId` and `unitId` both name the item. */
const SERVER_FIELDS: Record<string, BookingFormField> = {
  userId: 'userId',
  lotId: 'itemId',
  unitId: 'itemId',
  icFront: 'icFront',
  icBack: 'icBack',
  cheque: 'cheque',
  consent: 'consent',
}

function itemLabel(item: BookableItem): string {
  const number = item.unitNumber ?? `Lot ${item.lotNumber}`
  return [number, item.type, item.price !== null ? formatRM(item.price) : null].filter(Boolean).join(' · ')
}

/**
 * Create Booking Request, /bookings/create (requirements: booking.md#create-booking-for-a-client): an agent
 * admin, or a super admin, books an
 * available unit or lot for a client of role user, optionally with the client's IC (both sides)
 * and cheque. One multipart POST /api/bookings; the booking waits for the super admins as
 * pending_admin.
 */
export default function CreateBookingPage() {
  const flash = useFlash()
  const basename = useBasename()
  const navigate = useNavigate()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const { permissions } = usePermissions<Role>()
  const [searchParams] = useSearchParams()
  const preselectedUserId = searchParams.get('userId')

  const [values, setValues] = useState<BookingFormValues>(EMPTY)
  const [client, setClient] = useState<Client | null>(null)
  const [search, setSearch] = useState('')
  const [errors, setErrors] = useState<BookingFormErrors>({})
  const [uploaded, setUploaded] = useState(0)
  const progressLabelId = useId()
  const debouncedSearch = useDebounced(search)

  const clients = useGetList<Client>(
    'users',
    {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: debouncedSearch.trim() ? { role: 'user', q: debouncedSearch.trim() } : { role: 'user' },
    },
    { placeholderData: keepPreviousData }
  )
  // ?userId= names one client: GET /api/users/:id, which the backend answers only for a user this
  // account may book for (404 unknown, 403 with the reason otherwise).
  const preselected = useGetOne<Client>(
    'users',
    { id: preselectedUserId ?? '' },
    { enabled: preselectedUserId !== null, retry: false }
  )
  const developments = useQuery({ queryKey: ['developments'], queryFn: () => dataProvider.getDevelopments() })
  const notice = useQuery({ queryKey: ['privacy-notice'], queryFn: () => dataProvider.getPrivacyNotice() })
  const items = useQuery({
    queryKey: ['bookings/create', 'items', values.propertyId, values.kind],
    queryFn: () => dataProvider.getAvailableItems({ propertyId: values.propertyId, kind: values.kind }),
    enabled: values.propertyId !== '',
  })

  useEffect(() => {
    if (!preselected.data) return
    const found = preselected.data
    setClient(found)
    setValues((current) => ({ ...current, userId: String(found.id) }))
  }, [preselected.data])

  const clearError = (...fields: BookingFormField[]) =>
    setErrors((current) => {
      const next = { ...current }
      for (const field of fields) delete next[field]
      return next
    })

  // The one multipart POST /api/bookings, sent with upload progress (the IC photos take a while on a phone).
  const creation = useMutation({
    mutationFn: (form: BookingFormValues) => {
      setUploaded(0)
      return postWithProgress<ActionResult<{ id: Identifier; status: string }>>(
        `${API_URL}/bookings`,
        clientBookingForm({
          userId: form.userId,
          kind: form.kind,
          itemId: form.itemId,
          notes: form.notes,
          icFront: form.icFront,
          icBack: form.icBack,
          cheque: form.cheque,
          consent: form.consent,
          noticeVersion: notice.data?.version,
        }),
        setUploaded
      )
    },
    onSuccess: (result) => {
      flash.success(result.message || BOOKING_CREATED)
      navigate(`${basename}${afterBookingPath(permissions)}`)
    },
    onError: (error) => {
      const body = error instanceof HttpError ? (error.body as { errors?: FieldError[] } | undefined) : undefined
      if (Array.isArray(body?.errors)) {
        const fieldErrors: BookingFormErrors = {}
        for (const { field, message } of body.errors) {
          const formField = SERVER_FIELDS[field]
          if (formField) fieldErrors[formField] ??= message
        }
        setErrors(fieldErrors)
      }
      flash.error(messageOf(error, 'Failed to create booking'))
    },
  })

  const submit = () => {
    const problems = validateBookingForm(values)
    setErrors(problems)
    if (Object.keys(problems).length === 0) creation.mutate(values)
  }

  const setFile = (field: 'icFront' | 'icBack' | 'cheque') => (file: File | null) => {
    setValues((current) => ({ ...current, [field]: file }))
    clearError(field, 'icFront', 'icBack')
  }

  const formDataFailed = (clients.error && !clients.data) || developments.error || notice.error
  const icSelected = Number(Boolean(values.icFront)) + Number(Boolean(values.icBack))
  const clientOptions =
    client && !(clients.data ?? []).some((option) => option.id === client.id)
      ? [client, ...(clients.data ?? [])]
      : (clients.data ?? [])
  const noun = values.kind === 'unit' ? 'unit' : 'lot'

  return (
    <Box sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Create Booking" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Create Booking Request
      </Typography>
      {formDataFailed && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          Failed to load form data
        </Alert>
      )}
      {preselected.error && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {messageOf(preselected.error, 'The user in the link could not be loaded. Please choose a user.')}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Stack
            component="form"
            spacing={2.5}
            noValidate
            aria-label="Create booking"
            onSubmit={(event) => {
              event.preventDefault()
              submit()
            }}
          >
            <Autocomplete<Client>
              options={clientOptions}
              value={client}
              loading={clients.isFetching || preselected.isFetching}
              filterOptions={(options) => options}
              getOptionLabel={(option) => `${option.name} (${option.email})`}
              isOptionEqualToValue={(option, selected) => option.id === selected.id}
              onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
              onChange={(_event, selected) => {
                setClient(selected)
                setValues((current) => ({ ...current, userId: selected ? String(selected.id) : '' }))
                clearError('userId')
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="User"
                  required
                  placeholder="Search by name or email"
                  error={!!errors.userId}
                  helperText={errors.userId ?? 'Only users with the role user can be booked for.'}
                />
              )}
            />

            <TextField
              select
              label="Property"
              required
              value={values.propertyId}
              onChange={(event) => {
                // Another property: its units and lots differ, so the chosen one is cleared.
                setValues((current) => ({ ...current, propertyId: event.target.value, itemId: '' }))
                clearError('propertyId', 'itemId')
              }}
              error={!!errors.propertyId}
              helperText={errors.propertyId}
            >
              {(developments.data ?? []).map((development) => (
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
                value={values.kind}
                onChange={(event) => {
                  // Switching the type clears the other kind's choice.
                  setValues((current) => ({ ...current, kind: event.target.value as BookableKind, itemId: '' }))
                  clearError('itemId')
                }}
              >
                <FormControlLabel value="unit" control={<Radio />} label="Unit" />
                <FormControlLabel value="lot" control={<Radio />} label="Lot" />
              </RadioGroup>
            </FormControl>

            {values.propertyId !== '' && items.isError ? (
              <Alert severity="error" role="alert">
                Failed to load units/lots for this property
              </Alert>
            ) : values.propertyId !== '' && items.isSuccess && items.data.length === 0 ? (
              <Alert severity="info" role="status">
                No available {noun}s found for this property.
              </Alert>
            ) : null}

            <TextField
              select
              label={values.kind === 'unit' ? 'Unit' : 'Lot'}
              required
              value={values.itemId}
              disabled={values.propertyId === '' || !items.data?.length}
              onChange={(event) => {
                setValues((current) => ({ ...current, itemId: event.target.value }))
                clearError('itemId')
              }}
              error={!!errors.itemId}
              helperText={
                errors.itemId ??
                (values.propertyId === ''
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

            <TextField
              label="Notes"
              multiline
              minRows={3}
              value={values.notes}
              onChange={(event) => setValues((current) => ({ ...current, notes: event.target.value }))}
            />

            <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                Identity documents (optional)
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                When booking with the client's identity card, upload both sides. The cheque may be an image or a PDF.
              </Typography>
              <Stack spacing={1.5}>
                <BookingFilePicker
                  label="IC front image"
                  accept="image/*"
                  cameraLabel="Take a photo of the IC front"
                  file={values.icFront}
                  error={errors.icFront}
                  onChange={setFile('icFront')}
                />
                <BookingFilePicker
                  label="IC back image"
                  accept="image/*"
                  cameraLabel="Take a photo of the IC back"
                  file={values.icBack}
                  error={errors.icBack}
                  onChange={setFile('icBack')}
                />
                <Typography variant="body2" sx={{ color: icHintColor(icSelected), fontWeight: 600 }} role="status">
                  {icSelected} of 2 IC images selected
                </Typography>
                <BookingFilePicker
                  label="Payment cheque"
                  accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                  file={values.cheque}
                  error={errors.cheque}
                  onChange={setFile('cheque')}
                />
              </Stack>
            </Box>

            <PrivacyConsentField
              notice={notice.data}
              checked={values.consent}
              error={errors.consent}
              onChange={(consent) => {
                setValues((current) => ({ ...current, consent }))
                clearError('consent')
              }}
            />

            {creation.isPending && (
              <Box>
                <Typography
                  id={progressLabelId}
                  variant="body2"
                  sx={{ display: 'flex', justifyContent: 'space-between' }}
                >
                  {uploaded < 100 ? 'Uploading the booking' : 'Uploaded; waiting for the answer'}
                  <span aria-hidden="true">{uploaded}%</span>
                </Typography>
                <LinearProgress variant="determinate" value={uploaded} aria-labelledby={progressLabelId} />
              </Box>
            )}

            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => navigate(`${basename}/`)} disabled={creation.isPending} sx={{ minHeight: 44 }}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={creation.isPending}
                sx={{ minHeight: 44 }}
                startIcon={creation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Create Booking
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  )
}
