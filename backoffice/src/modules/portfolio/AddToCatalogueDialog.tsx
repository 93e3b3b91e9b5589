import { useEffect, useMemo, useState, type ChangeEvent } from 'react'
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate'
import ClearIcon from '@mui/icons-material/Clear'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { ResponsiveDialog } from '../../components/ResponsiveDialog'
import { formatRM } from '../../format'
import { messageOf, useFlash } from '../../messages'
import type { BackofficeDataProvider } from '../../providers/dataProvider'
import { addGalleryImages, isImage, MAX_GALLERY_IMAGES, SELECT_OWNED_PROPERTY } from './catalogue'
import { PORTFOLIO_KEY, useOwnedProperties } from './queries'
import type { CatalogueField } from './types'

export const CATALOGUE_ADDED = 'Property added to catalogue successfully!'
export const CATALOGUE_ADD_FAILED = 'Failed to add property to catalogue. Please try again.'

/** The dialog's optional fields (requirements: agent-admin.md#add-to-catalogue) and how each is typed in. */
const DETAIL_FIELDS: {
  name: CatalogueField
  label: string
  type?: 'number' | 'date'
  wide?: boolean
  multiline?: boolean
  help?: string
}[] = [
  { name: 'displayName', label: 'Display Name', wide: true, help: "Left empty, the lot's name is used." },
  { name: 'description', label: 'Description', wide: true, multiline: true },
  { name: 'propertyType', label: 'Property Type' },
  { name: 'lotNumber', label: 'Lot Number' },
  { name: 'lotSize', label: 'Lot Size (sqm)', type: 'number' },
  { name: 'builtUpArea', label: 'Built-up Area (sqm)', type: 'number' },
  { name: 'price', label: 'Price (RM)', type: 'number' },
  { name: 'pricePerSqft', label: 'Price per sqft (RM)', type: 'number' },
  { name: 'bedrooms', label: 'Bedrooms', type: 'number' },
  { name: 'bathrooms', label: 'Bathrooms', type: 'number' },
  { name: 'parking', label: 'Parking', type: 'number' },
  { name: 'completionDate', label: 'Completion Date', type: 'date' },
  { name: 'features', label: 'Features', wide: true, help: 'Separated by commas.' },
  { name: 'amenities', label: 'Amenities', wide: true, help: 'Separated by commas.' },
  { name: 'address', label: 'Address', wide: true },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'postcode', label: 'Postcode' },
  { name: 'expectedROI', label: 'Expected ROI (%)', type: 'number' },
  { name: 'rentalYield', label: 'Rental Yield (%)', type: 'number' },
]

/** Object URLs for the chosen images' previews, released when the images change or the dialog goes. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  return urls
}

/**
 * Add to Catalogue (requirements: agent-admin.md#add-to-catalogue): an owned property, a hero image (required),
 * up to ten gallery
 * images and optional marketing details, in one multipart POST.
 */
export function AddToCatalogueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const flash = useFlash()
  const queryClient = useQueryClient()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const owned = useOwnedProperties(open)
  const [propertyId, setPropertyId] = useState('')
  const [hero, setHero] = useState<File | null>(null)
  const [gallery, setGallery] = useState<File[]>([])
  const [details, setDetails] = useState<Partial<Record<CatalogueField, string>>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const heroFiles = useMemo(() => (hero ? [hero] : []), [hero])
  const [heroPreview] = usePreviews(heroFiles)
  const galleryPreviews = usePreviews(gallery)

  const reset = () => {
    setPropertyId('')
    setHero(null)
    setGallery([])
    setDetails({})
    setProblem(null)
  }
  const close = () => {
    reset()
    onClose()
  }

  const adding = useMutation({
    mutationFn: () =>
      dataProvider.addToCatalogue({
        propertyId: Number(propertyId),
        heroImage: hero!,
        galleryImages: gallery,
        details,
      }),
    onSuccess: async () => {
      flash.success(CATALOGUE_ADDED)
      close()
      await queryClient.invalidateQueries({ queryKey: PORTFOLIO_KEY })
    },
    onError: (error) => {
      const message = messageOf(error, CATALOGUE_ADD_FAILED)
      setProblem(message)
      flash.error(message)
    },
  })

  const submit = () => {
    if (!propertyId) {
      setProblem(SELECT_OWNED_PROPERTY)
      return
    }
    if (!hero) return
    setProblem(null)
    adding.mutate()
  }

  const chooseHero = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    event.target.value = ''
    if (file && !isImage(file)) {
      setProblem('The hero image must be an image file (JPG, PNG or WebP).')
      return
    }
    setProblem(null)
    setHero(file)
  }

  const chooseGallery = (event: ChangeEvent<HTMLInputElement>) => {
    const { images, refused } = addGalleryImages(gallery, [...(event.target.files ?? [])])
    event.target.value = ''
    setGallery(images)
    setProblem(refused)
  }

  return (
    <ResponsiveDialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="add-to-catalogue-title">
      <DialogTitle id="add-to-catalogue-title">Add to Catalogue</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {owned.isError ? (
            <Alert severity="error" role="alert">
              Failed to load owned properties. Please try again.
            </Alert>
          ) : owned.isSuccess && owned.data.length === 0 ? (
            <Alert severity="info" role="status">
              You have no owned properties to add. A lot becomes yours once its booking is approved, and each can be
              listed once.
            </Alert>
          ) : null}
          <TextField
            select
            label="Owned Property"
            required
            value={propertyId}
            onChange={(event) => {
              setPropertyId(event.target.value)
              setProblem(null)
            }}
            disabled={!owned.data?.length}
            // The hero is chosen but not the property: say what is missing (submit stays disabled).
            error={hero !== null && !propertyId && !!owned.data?.length}
            helperText={
              owned.isFetching
                ? 'Loading your owned properties...'
                : hero !== null && !propertyId
                  ? SELECT_OWNED_PROPERTY
                  : 'Choose a property from your owned properties.'
            }
          >
            {(owned.data ?? []).map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.name} · {formatRM(option.price)} · {option.status}
              </MenuItem>
            ))}
          </TextField>

          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Hero Image (required)
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateIcon />}>
                Choose Hero Image
                <input hidden type="file" accept="image/*" aria-label="Hero image" onChange={chooseHero} />
              </Button>
              {hero && heroPreview && (
                <Box sx={{ position: 'relative' }}>
                  <Box
                    component="img"
                    src={heroPreview}
                    alt="Hero image preview"
                    sx={{ width: 160, height: 100, objectFit: 'cover', borderRadius: 1 }}
                  />
                  <IconButton
                    size="small"
                    aria-label="Remove hero image"
                    onClick={() => setHero(null)}
                    sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </Stack>
            {!hero && <FormHelperText>Images only (JPG, PNG or WebP).</FormHelperText>}
          </Box>

          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Gallery Images ({gallery.length} of {MAX_GALLERY_IMAGES})
            </Typography>
            <Button
              component="label"
              variant="outlined"
              startIcon={<AddPhotoAlternateIcon />}
              disabled={gallery.length >= MAX_GALLERY_IMAGES}
            >
              Add Gallery Images
              <input
                hidden
                type="file"
                accept="image/*"
                multiple
                aria-label="Gallery images"
                onChange={chooseGallery}
              />
            </Button>
            {gallery.length > 0 && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {gallery.map((file, index) => (
                  <Box key={`${file.name}-${index}`} sx={{ position: 'relative' }}>
                    <Box
                      component="img"
                      src={galleryPreviews[index]}
                      alt={`Gallery image ${index + 1} preview`}
                      sx={{ width: 110, height: 76, objectFit: 'cover', borderRadius: 1 }}
                    />
                    <IconButton
                      size="small"
                      aria-label={`Remove gallery image ${index + 1}`}
                      onClick={() => setGallery((current) => current.filter((_, position) => position !== index))}
                      sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
            )}
          </Box>

          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography variant="subtitle2">Marketing details (optional)</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Grid container spacing={2}>
                {DETAIL_FIELDS.map((field) => (
                  <Grid key={field.name} size={field.wide ? 12 : { xs: 12, sm: 6 }}>
                    <TextField
                      fullWidth
                      size="small"
                      label={field.label}
                      type={field.type ?? 'text'}
                      multiline={field.multiline}
                      minRows={field.multiline ? 3 : undefined}
                      helperText={field.help}
                      value={details[field.name] ?? ''}
                      onChange={(event) => setDetails((current) => ({ ...current, [field.name]: event.target.value }))}
                      slotProps={{
                        inputLabel: field.type === 'date' ? { shrink: true } : undefined,
                        htmlInput: field.type === 'number' ? { min: 0, step: 'any' } : undefined,
                      }}
                    />
                  </Grid>
                ))}
              </Grid>
            </AccordionDetails>
          </Accordion>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={adding.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!propertyId || !hero || adding.isPending}
          startIcon={adding.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Add to Catalogue
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  )
}
