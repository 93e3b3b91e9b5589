import { useState } from 'react'
import {
  Alert,
  Button as MuiButton,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import PriceChangeIcon from '@mui/icons-material/PriceChange'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider, usePermissions } from 'react-admin'
import { formatDateTime, formatSen } from '../../../format'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Role } from '../../../roles'
import type { Development, PriceListVersion } from '../dataProvider'
import { DevelopmentSettingsButton } from './DevelopmentSettingsDialog'
import { LotNumberCell } from './LotNumberCell'
import { PublishPriceListForm } from './PublishPriceListForm'

/**
 * "Price lists" on the Lots page (super admins): each development's latest published versions,
 * with when each takes effect and how many lots it prices, each one's prices lot by lot on demand,
 * and a form to publish a new version.
 * Versions are never edited: a change of price is a new version.
 */
export function PriceListsButton() {
  return (
    <DevelopmentSettingsButton
      label="Price lists"
      title="Price lists"
      icon={<PriceChangeIcon />}
      queryKey="developmentPriceLists"
      load={(dataProvider) => dataProvider.getDevelopments()}
      loadFailed="Failed to load the developments."
      intro="Each development's latest price list versions. A lot's price is its price in the latest version in force that lists it, else its own price."
      row={(development) => <PriceListRow development={development} />}
    />
  )
}

/** One version as a line: its label, its effective time, its size, whether it is in force yet. */
export function describeVersion(version: PriceListVersion): string {
  const lots = `${version.entryCount} lot${version.entryCount === 1 ? '' : 's'}`
  return `${version.label}: from ${formatDateTime(version.effectiveAt)}, ${lots}`
}

function PriceListRow({ development }: { development: Development }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const versions = useQuery({
    queryKey: ['priceLists', development.id],
    queryFn: () => dataProvider.getPriceLists(development.id),
  })
  // The button follows the role; the backend's policy is the check (403 for anyone else).
  const { permissions } = usePermissions<Role>()
  const [publishing, setPublishing] = useState(false)
  return (
    <Stack spacing={0.5} component="section" aria-label={`Price lists of ${development.name}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 500, flex: 1 }}>{development.name}</Typography>
        {permissions === 'super_admin' && !publishing && (
          <MuiButton size="small" onClick={() => setPublishing(true)}>
            Publish new version
          </MuiButton>
        )}
      </Stack>
      {publishing && <PublishPriceListForm development={development} onClose={() => setPublishing(false)} />}
      {versions.isPending ? (
        <CircularProgress size={20} />
      ) : versions.error ? (
        <Alert severity="error">{messageOf(versions.error, 'Failed to load the price lists.')}</Alert>
      ) : versions.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No price list yet: each lot is at its own price.
        </Typography>
      ) : (
        versions.data.map((version) => <VersionRow key={version.id} version={version} />)
      )}
    </Stack>
  )
}

function VersionRow({ version }: { version: PriceListVersion }) {
  const [open, setOpen] = useState(false)
  const pricesId = `price-list-${version.id}-prices`
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip
          size="small"
          label={version.inForce ? 'Effective' : 'Scheduled'}
          color={version.inForce ? 'success' : 'info'}
          variant="outlined"
        />
        <Typography variant="body2" sx={{ flex: 1 }}>
          {describeVersion(version)}
        </Typography>
        <MuiButton
          size="small"
          aria-expanded={open}
          aria-controls={open ? pricesId : undefined}
          aria-label={`${open ? 'Hide' : 'Show'} the prices of ${version.label}`}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide prices' : 'Show prices'}
        </MuiButton>
      </Stack>
      {open && <VersionPrices id={pricesId} version={version} />}
    </Stack>
  )
}

/** A version's prices, read when first shown (a version never changes, so the read is kept). */
function VersionPrices({ id, version }: { id: string; version: PriceListVersion }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const prices = useQuery({
    queryKey: ['priceList', version.developmentId, version.id],
    queryFn: () => dataProvider.getPriceList(version.developmentId, version.id),
    staleTime: Infinity,
    // A refusal shows at once; showing the prices again asks again.
    retry: false,
  })
  if (prices.isPending)
    return <CircularProgress id={id} size={20} aria-label={`Loading the prices of ${version.label}`} />
  if (prices.error)
    return (
      <Alert id={id} severity="error">
        {messageOf(prices.error, 'Failed to load the prices of this version.')}
      </Alert>
    )
  return (
    <Table id={id} size="small" aria-label={`Prices of ${version.label}`}>
      <TableHead>
        <TableRow>
          <TableCell>Lot</TableCell>
          <TableCell align="right">Price</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {prices.data.entries.map((entry) => (
          <TableRow key={entry.lotId}>
            <LotNumberCell lot={entry} />
            <TableCell align="right">{formatSen(entry.priceSen)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
