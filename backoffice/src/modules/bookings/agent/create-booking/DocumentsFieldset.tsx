import { Box, Stack, Typography } from '@mui/material'
import { BookingFilePicker } from '../BookingFilePicker'
import { icHintColor, type BookingFormErrors, type BookingFormValues } from '../bookingForm'

export type DocumentField = 'icFront' | 'icBack' | 'cheque'

/** The client's identity card (both sides or neither) and the cheque, all optional. */
export function DocumentsFieldset({
  values,
  errors,
  onChange,
}: {
  values: Pick<BookingFormValues, DocumentField>
  errors: BookingFormErrors
  onChange: (field: DocumentField) => (file: File | null) => void
}) {
  const icSelected = Number(Boolean(values.icFront)) + Number(Boolean(values.icBack))
  return (
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
          onChange={onChange('icFront')}
        />
        <BookingFilePicker
          label="IC back image"
          accept="image/*"
          cameraLabel="Take a photo of the IC back"
          file={values.icBack}
          error={errors.icBack}
          onChange={onChange('icBack')}
        />
        <Typography variant="body2" sx={{ color: icHintColor(icSelected), fontWeight: 600 }} role="status">
          {icSelected} of 2 IC images selected
        </Typography>
        <BookingFilePicker
          label="Payment cheque"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          file={values.cheque}
          error={errors.cheque}
          onChange={onChange('cheque')}
        />
      </Stack>
    </Box>
  )
}
