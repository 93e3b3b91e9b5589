import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import HomeWorkIcon from '@mui/icons-material/HomeWork'
import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import VisibilityIcon from '@mui/icons-material/Visibility'
import { RecordCards } from '../../components/RecordCards'
import { formatArea, formatDate, formatRM } from '../../format'
import { useIsPhone } from '../../hooks/useIsPhone'
import { publicPagePath } from './share'
import { ShareMenu } from './ShareMenu'
import type { AgentProperty, PropertyStatus } from './types'

const STATUS_CHIPS: Record<PropertyStatus, { label: string; color: 'success' | 'error' | 'warning' }> = {
  active: { label: 'Active', color: 'success' },
  sold: { label: 'Sold', color: 'error' },
  pending: { label: 'Pending', color: 'warning' },
}

export function PropertyStatusChip({ status }: { status: PropertyStatus }) {
  const chip = STATUS_CHIPS[status] ?? { label: status, color: 'warning' as const }
  return <Chip size="small" label={chip.label} color={chip.color} />
}

export function sourceLabel(property: AgentProperty): string {
  return property.source === 'agency' ? 'Shared by agency' : 'Own'
}

/** The asking price, else the lot's. */
export function propertyPrice(property: AgentProperty): number | null {
  return (
    property.marketingInfo.askingPrice ??
    property.propertyDetails.price ??
    property.lot?.price ??
    property.unit?.price ??
    null
  )
}

export function propertyLocation(property: AgentProperty): string | null {
  return property.propertyDetails.location ?? property.actualAddress
}

/** The storefront's public page: a full page of the other app, opened beside the backoffice. */
export function PublicPageButton({ property }: { property: AgentProperty }) {
  return (
    <Button
      size="small"
      href={publicPagePath(property.id)}
      target="_blank"
      rel="noopener"
      startIcon={<OpenInNewIcon />}
      aria-label={`Public page of ${property.displayName}`}
    >
      Public Page
    </Button>
  )
}

export function PropertyCards({
  properties,
  onView,
}: {
  properties: AgentProperty[]
  onView: (property: AgentProperty) => void
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
      {properties.map((property) => (
        <Card
          key={property.id}
          component="article"
          aria-label={property.displayName}
          sx={{ display: 'flex', flexDirection: 'column' }}
        >
          {property.heroImage ? (
            <CardMedia
              component="img"
              height={160}
              image={property.heroImage.card}
              alt={property.displayName}
              loading="lazy"
            />
          ) : (
            <Box sx={{ height: 160, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', color: 'grey.500' }}>
              <HomeWorkIcon fontSize="large" />
            </Box>
          )}
          <CardContent sx={{ flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
              <PropertyStatusChip status={property.status} />
              <Chip size="small" variant="outlined" label={sourceLabel(property)} />
            </Stack>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {property.displayName}
            </Typography>
            <Typography variant="h6" component="p" color="primary">
              {formatRM(propertyPrice(property))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatArea(property.propertyDetails.landArea ?? property.propertyDetails.size)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {propertyLocation(property) ?? 'N/A'}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Shared {property.shareCount} {property.shareCount === 1 ? 'time' : 'times'}
            </Typography>
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => onView(property)}>
              View Details
            </Button>
            <ShareMenu property={property} />
            <PublicPageButton property={property} />
          </CardActions>
        </Card>
      ))}
    </Box>
  )
}

export function PropertyTable({
  properties,
  onView,
}: {
  properties: AgentProperty[]
  onView: (property: AgentProperty) => void
}) {
  const isPhone = useIsPhone()
  const actions = (property: AgentProperty) => (
    <Stack direction="row" spacing={0.5}>
      <Button size="small" onClick={() => onView(property)}>
        View Details
      </Button>
      <ShareMenu property={property} />
    </Stack>
  )
  if (isPhone)
    return (
      <RecordCards
        label="My properties"
        records={properties}
        card={{
          primary: (property) => property.displayName,
          secondary: (property) => [
            `${sourceLabel(property)} · ${formatRM(propertyPrice(property))}`,
            formatArea(property.propertyDetails.landArea ?? property.propertyDetails.size),
            propertyLocation(property),
            `Shares: ${property.shareCount} · Date Owned: ${formatDate(property.dateOwned)}`,
          ],
          tertiary: (property) => <PropertyStatusChip status={property.status} />,
          actions,
        }}
      />
    )
  return (
    <Table size="small" aria-label="My properties">
      <TableHead>
        <TableRow>
          <TableCell>Property</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Price</TableCell>
          <TableCell>Land Area</TableCell>
          <TableCell>Location</TableCell>
          <TableCell>Shares</TableCell>
          <TableCell>Date Owned</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {properties.map((property) => (
          <TableRow key={property.id} hover>
            <TableCell>
              <div>{property.displayName}</div>
              <Typography variant="caption" color="text.secondary">
                {sourceLabel(property)}
              </Typography>
            </TableCell>
            <TableCell>
              <PropertyStatusChip status={property.status} />
            </TableCell>
            <TableCell>{formatRM(propertyPrice(property))}</TableCell>
            <TableCell>{formatArea(property.propertyDetails.landArea ?? property.propertyDetails.size)}</TableCell>
            <TableCell>{propertyLocation(property) ?? 'N/A'}</TableCell>
            <TableCell>{property.shareCount}</TableCell>
            <TableCell>{formatDate(property.dateOwned)}</TableCell>
            <TableCell>{actions(property)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
