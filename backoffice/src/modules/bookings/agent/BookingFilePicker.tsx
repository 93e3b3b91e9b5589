import { useEffect, useState, type ChangeEvent } from 'react'
import { Box, Button, FormHelperText, IconButton, Stack, Typography, useMediaQuery } from '@mui/material'
import ClearIcon from '@mui/icons-material/Clear'
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera'
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { isImageFile } from './bookingForm'

/** Buttons, and the remove button, at least 44 px square: they are tapped on a phone. */
const TAP_TARGET = { minHeight: 44, minWidth: 44 }

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/** An object URL showing an image file, let go when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || !isImageFile(file)) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(file)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [file])
  return url
}

interface BookingFilePickerProps {
  label: string
  accept: string
  file: File | null
  error?: string
  /** For a photo of a document (the IC): the camera input's name; phones get "Take photo". */
  cameraLabel?: string
  onChange: (file: File | null) => void
}

/**
 * A labelled file input of the create-booking form: the chosen file before it is sent (a preview
 * of an image, the name and size of a PDF) and a way to remove it. Choosing a file never forces
 * the camera; for an IC side a phone also gets "Take photo", which opens the back camera.
 */
export function BookingFilePicker({ label, accept, file, error, cameraLabel, onChange }: BookingFilePickerProps) {
  const touchScreen = useMediaQuery('(pointer: coarse)')
  const previewUrl = usePreviewUrl(file)

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null)
    // The same file can be chosen again after clearing it.
    event.target.value = ''
  }
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          sx={{ ...TAP_TARGET, minWidth: 190 }}
        >
          {label}
          <input hidden type="file" accept={accept} aria-label={label} onChange={choose} />
        </Button>
        {cameraLabel && touchScreen ? (
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} sx={TAP_TARGET}>
            Take photo
            <input
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={cameraLabel}
              onChange={choose}
            />
          </Button>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1, minHeight: 44 }}>
        {file ? (
          <>
            {previewUrl ? (
              <Box
                component="img"
                src={previewUrl}
                alt={`Preview of ${file.name}`}
                sx={{ width: 72, height: 48, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            ) : (
              <PictureAsPdfIcon color="error" aria-hidden />
            )}
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {file.name} ({formatSize(file.size)})
            </Typography>
            <IconButton aria-label={`Remove ${label}`} onClick={() => onChange(null)} sx={TAP_TARGET}>
              <ClearIcon fontSize="small" />
            </IconButton>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No file chosen
          </Typography>
        )}
      </Stack>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  )
}
