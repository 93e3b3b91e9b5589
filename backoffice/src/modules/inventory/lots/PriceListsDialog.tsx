import { useState } from 'react'
import { Alert, Button as MuiButton, Chip, CircularProgress, Stack, Typography } from '@mui/material'
import PriceChangeIcon from '@mui/icons-material/PriceChange'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider, usePermissions } from 'react-admin'
import { formatDateTime } from '../../../format'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Role } from '../../../roles'
import type { Development, PriceListVersion } from '../dataProvider'
import { DevelopmentSettingsButton } from './DevelopmentSettingsDialog'
import { PublishPriceListForm } from './PublishPriceListForm'

/**
 * "Price lists" on the Lots page (super admins): each development's latest published versions,
 * with when each takes effect and how many lots it prices, and a form to publish a new version.
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
