import { useEffect, useState } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Title, useBasename, useDataProvider, useGetOne } from 'react-admin'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { PrivacyConsentField } from '../privacy/PrivacyConsentField'
import {
  validateBookingForm,
  type BookingFormErrors,
  type BookingFormField,
  type BookingFormValues,
} from './bookingForm'
import { ClientField } from './create-booking/ClientField'
import { DocumentsFieldset, type DocumentField } from './create-booking/DocumentsFieldset'
import { ItemFields } from './create-booking/ItemFields'
import { UploadProgress } from './create-booking/UploadProgress'
import { useCreateBooking } from './create-booking/useCreateBooking'
import type { Client } from './types'

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

/**
 * Create Booking Request, /bookings/create (requirements: booking.md#create-booking-for-a-client): an agent
 * admin, or a super admin, books an
 * available unit or lot for a client of role user, optionally with the client's IC (both sides)
 * and cheque. One multipart POST /api/bookings; the booking waits for the super admins as
 * pending_admin.
 */
export default function CreateBookingPage() {
  const basename = useBasename()
  const navigate = useNavigate()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const [searchParams] = useSearchParams()
  const preselectedUserId = searchParams.get('userId')

  const [values, setValues] = useState<BookingFormValues>(EMPTY)
  const [client, setClient] = useState<Client | null>(null)
  const [errors, setErrors] = useState<BookingFormErrors>({})

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
  const { creation, uploaded } = useCreateBooking({ noticeVersion: notice.data?.version, onFieldErrors: setErrors })

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

  const change = (changes: Partial<BookingFormValues>, ...cleared: BookingFormField[]) => {
    setValues((current) => ({ ...current, ...changes }))
    if (cleared.length) clearError(...cleared)
  }

  const submit = () => {
    const problems = validateBookingForm(values)
    setErrors(problems)
    if (Object.keys(problems).length === 0) creation.mutate(values)
  }

  const setFile = (field: DocumentField) => (file: File | null) => change({ [field]: file }, field, 'icFront', 'icBack')

  const formDataFailed = developments.error || notice.error

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
            <ClientField
              client={client}
              loading={preselected.isFetching}
              error={errors.userId}
              onChange={(selected) => {
                setClient(selected)
                change({ userId: selected ? String(selected.id) : '' }, 'userId')
              }}
            />

            <ItemFields
              propertyId={values.propertyId}
              kind={values.kind}
              itemId={values.itemId}
              developments={developments.data}
              items={items}
              errors={errors}
              // Another property or type: its units and lots differ, so the chosen one is cleared.
              onPropertyChange={(propertyId) => change({ propertyId, itemId: '' }, 'propertyId', 'itemId')}
              onKindChange={(kind) => change({ kind, itemId: '' }, 'itemId')}
              onItemChange={(itemId) => change({ itemId }, 'itemId')}
            />

            <TextField
              label="Notes"
              multiline
              minRows={3}
              value={values.notes}
              onChange={(event) => change({ notes: event.target.value })}
            />

            <DocumentsFieldset values={values} errors={errors} onChange={setFile} />

            <PrivacyConsentField
              notice={notice.data}
              checked={values.consent}
              error={errors.consent}
              onChange={(consent) => change({ consent }, 'consent')}
            />

            {creation.isPending && <UploadProgress uploaded={uploaded} />}

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
