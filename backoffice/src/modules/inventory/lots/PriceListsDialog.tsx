import { Alert, Chip, CircularProgress, Stack, Typography } from '@mui/material'
import PriceChangeIcon from '@mui/icons-material/PriceChange'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { formatDateTime } from '../../../format'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Development, PriceListVersion } from '../dataProvider'
import { DevelopmentSettingsButton } from './DevelopmentSettingsDialog'

/**
 * "Price lists" on the Lots page (super admins), read-only: each development's latest published
 * versions, with when each takes effect and how many lots it prices. Publishing is the API's
 * (POST /api/developments/:id/price-lists) until a form comes.
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
  return (
    <Stack spacing={0.5} component="section" aria-label={`Price lists of ${development.name}`}>
      <Typography sx={{ fontWeight: 500 }}>{development.name}</Typography>
      {versions.isPending ? (
        <CircularProgress size={20} />
      ) : versions.error ? (
        <Alert severity="error">{messageOf(versions.error, 'Failed to load the price lists.')}</Alert>
      ) : versions.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No price list yet: each lot is at its own price.
        </Typography>
      ) : (
        versions.data.map((version) => (
          <Stack key={version.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              label={version.inForce ? 'Effective' : 'Scheduled'}
              color={version.inForce ? 'success' : 'info'}
              variant="outlined"
            />
            <Typography variant="body2">{describeVersion(version)}</Typography>
          </Stack>
        ))
      )}
    </Stack>
  )
}
