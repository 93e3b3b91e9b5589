import type { ReactNode } from 'react'
import { Box, Button, Chip, DialogActions, DialogContent, DialogTitle, Grid, Stack, Typography } from '@mui/material'
import { ResponsiveDialog } from '../../components/ResponsiveDialog'
import { formatArea, formatDate, formatDateTime, formatRM } from '../../format'
import { PropertyStatusChip, PublicPageButton, propertyLocation, propertyPrice, sourceLabel } from './PropertyViews'
import { ShareMenu } from './ShareMenu'
import type { AgentProperty } from './types'

function Detail({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line' }}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Typography>
    </Grid>
  )
}

function Tags({ items }: { items: string[] }) {
  if (items.length === 0) return <>N/A</>
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" variant="outlined" />
      ))}
    </Stack>
  )
}

const percent = (value: number | null) => (value === null ? null : `${value}%`)

/** The portfolio's property details modal: images, the lot, marketing details and sharing. */
export function PropertyDetailsDialog({ property, onClose }: { property: AgentProperty | null; onClose: () => void }) {
  const details = property?.propertyDetails
  const item = property?.lot ?? property?.unit
  return (
    <ResponsiveDialog
      open={property !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="property-details-title"
    >
      <DialogTitle id="property-details-title">{property?.displayName ?? 'Property Details'}</DialogTitle>
      <DialogContent dividers>
        {property && details && (
          <>
            {property.heroImage && (
              <Box
                component="img"
                src={property.heroImage.large}
                alt={property.displayName}
                sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 1, mb: 1 }}
              />
            )}
            {property.gallery.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mb: 2, overflowX: 'auto' }} aria-label="Gallery">
                {property.gallery.map((image, index) => (
                  <Box
                    key={image.id}
                    component="img"
                    src={image.card}
                    alt={`${property.displayName}, gallery image ${index + 1}`}
                    loading="lazy"
                    sx={{ width: 140, height: 96, objectFit: 'cover', borderRadius: 1, flex: 'none' }}
                  />
                ))}
              </Stack>
            )}
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
              <PropertyStatusChip status={property.status} />
              <Chip size="small" variant="outlined" label={sourceLabel(property)} />
            </Stack>
            <Grid container spacing={1.5}>
              <Detail label="Price" value={formatRM(propertyPrice(property))} />
              <Detail
                label="Price per sqft"
                value={details.pricePerSqft !== null ? formatRM(details.pricePerSqft) : null}
              />
              <Detail label="Property Type" value={details.propertyType} />
              <Detail
                label="Unit / Lot"
                value={[item?.unitNumber ?? details.unitNumber, item?.lotNumber && `Lot ${item.lotNumber}`]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Detail label="Land Area" value={formatArea(details.landArea)} />
              <Detail label="Built-up Area" value={formatArea(details.buildupArea)} />
              <Detail label="Bedrooms" value={details.bedrooms} />
              <Detail label="Bathrooms" value={details.bathrooms} />
              <Detail label="Parking" value={details.parking} />
              <Detail label="Completion Date" value={details.completionDate && formatDate(details.completionDate)} />
              <Detail label="Expected ROI" value={percent(details.expectedROI)} />
              <Detail label="Rental Yield" value={percent(details.rentalYield)} />
              <Detail label="Location" value={propertyLocation(property)} />
              <Detail label="Address" value={[details.address, details.postcode].filter(Boolean).join(', ')} />
              <Detail label="Description" value={property.description} wide />
              <Detail label="Features" value={<Tags items={details.features} />} wide />
              <Detail label="Amenities" value={<Tags items={details.amenities} />} wide />
              <Detail label="Date Owned" value={formatDate(property.dateOwned)} />
              <Detail label="Owned By" value={property.ownedBy?.name} />
              <Detail label="Shares" value={String(property.shareCount)} />
              <Detail label="Last Shared" value={property.lastShared && formatDateTime(property.lastShared)} />
            </Grid>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {property && (
          <>
            <PublicPageButton property={property} />
            <ShareMenu property={property} />
          </>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </ResponsiveDialog>
  )
}
