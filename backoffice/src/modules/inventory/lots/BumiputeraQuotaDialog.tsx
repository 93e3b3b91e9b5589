import { useState, type ReactNode } from 'react'
import { Button as MuiButton, Link, Stack, TextField, Typography } from '@mui/material'
import GroupsIcon from '@mui/icons-material/Groups'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { useBasename, useDataProvider, useGetList } from 'react-admin'
import { fieldErrorsOf, messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Development, QuotaFill } from '../dataProvider'
import { PACKAGES_RESOURCE, discountText, stateLabel, type PricePackage } from '../packages/types'
import { DEVELOPMENTS_QUERY_KEY } from '../useDevelopments'
import { DevelopmentName, DevelopmentSettingsButton } from './DevelopmentSettingsDialog'

export const QUOTA_INVALID = 'Enter a whole percentage from 0 to 100, or leave it empty for no quota.'

/** The percentage typed: null when empty (no quota), undefined when it is not a number at all. */
export function quotaPercentOf(text: string): number | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return null
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined
}

/** What the development's quota asks for, and how far its quota lots go. */
export function describeQuota(fill: Pick<QuotaFill, 'required' | 'totalLots' | 'quotaLots' | 'shortOfRequired'>) {
  if (fill.required.percent === null) return `No quota · ${fill.quotaLots} quota lots`
  const short = fill.shortOfRequired > 0 ? `, ${fill.shortOfRequired} short` : ''
  return `${fill.required.percent}% required: ${fill.required.lots} of ${fill.totalLots} lots · ${fill.quotaLots} quota lots${short}`
}

/**
 * "Bumiputera quota" on the Lots page (super admins): per development, the share of its lots the state
 * reserves for Bumiputera buyers, and the discount package verified Bumiputera buyers are given.
 */
export function BumiputeraQuotaButton() {
  return (
    <DevelopmentSettingsButton<Development>
      label="Bumiputera quota"
      title="Bumiputera quota"
      icon={<GroupsIcon />}
      queryKey={DEVELOPMENTS_QUERY_KEY}
      load={(dataProvider) => dataProvider.getDevelopments()}
      loadFailed="Failed to load the developments."
      intro="The share of each development's lots reserved for Bumiputera buyers. Mark the quota lots (Bumi lots) on each lot's edit; a quota lot can be booked only for a buyer whose Bumiputera status is verified, unless its release is recorded."
      row={(development) => <BumiputeraQuotaRow development={development} />}
      spacing={3}
    />
  )
}

function BumiputeraQuotaRow({ development }: { development: Development }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const fill = useQuery({
    queryKey: ['bumiputeraQuota', development.id],
    queryFn: () => dataProvider.getBumiputeraQuota(development.id),
  })
  return (
    <Stack spacing={1} component="section" aria-label={`Bumiputera quota of ${development.name}`}>
      {fill.isPending ? (
        <DevelopmentName name={development.name} inForce="Loading…" />
      ) : fill.error ? (
        <DevelopmentName
          name={development.name}
          inForce={messageOf(fill.error, 'Failed to load the Bumiputera quota.')}
        />
      ) : (
        <QuotaForm development={development} fill={fill.data} />
      )}
      <DiscountPackages development={development} />
    </Stack>
  )
}

function QuotaForm({ development, fill }: { development: Development; fill: QuotaFill }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [percent, setPercent] = useState(fill.required.percent === null ? '' : String(fill.required.percent))
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (quotaPercent: number | null) => dataProvider.saveBumiputeraQuota(development.id, quotaPercent),
    onSuccess: (saved) => {
      setError(null)
      const now = saved.bumiputeraQuotaPercent
      flash.success(`${saved.message} ${saved.name}: ${now === null ? 'no quota' : `${now}%`}.`)
      setPercent(now === null ? '' : String(now))
      void queryClient.invalidateQueries({ queryKey: ['bumiputeraQuota', development.id] })
    },
    onError: (failure) => {
      setError(fieldErrorsOf(failure).quotaPercent ?? null)
      flash.error(messageOf(failure, 'Failed to save the Bumiputera quota. Please try again.'))
    },
  })
  const submit = () => {
    const value = quotaPercentOf(percent)
    if (value === undefined) {
      setError(QUOTA_INVALID)
      return
    }
    setError(null)
    // The range and whole percent are the backend's to check: its message shows under the field.
    save.mutate(value)
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <DevelopmentName name={development.name} inForce={describeQuota(fill)} />
      <TextField
        size="small"
        type="number"
        label="Quota (%)"
        value={percent}
        onChange={(event) => setPercent(event.target.value)}
        error={!!error}
        helperText={error}
        sx={{ width: { xs: '100%', sm: 160 } }}
        slotProps={{
          htmlInput: { min: 0, max: 100, step: 1, 'aria-label': `Bumiputera quota of ${development.name} in percent` },
        }}
      />
      <MuiButton variant="contained" onClick={submit} disabled={save.isPending}>
        Save
      </MuiButton>
    </Stack>
  )
}

/** Offered: a package still scheduled or in force. */
const offered = (pkg: PricePackage) => pkg.state === 'scheduled' || pkg.state === 'in_force'

/**
 * The development's packages for Bumiputera buyers: the backend gives them to a verified Bumiputera buyer
 * without asking, so the discount that applies is the package made with that eligibility.
 */
function DiscountPackages({ development }: { development: Development }) {
  const basename = useBasename()
  const { data, isPending, error } = useGetList<PricePackage>(PACKAGES_RESOURCE, {
    filter: { developmentId: development.id },
    sort: { field: 'validFrom', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  })
  const packages = (data ?? []).filter((pkg) => pkg.eligibility === 'bumiputera' && offered(pkg))
  let text: ReactNode
  if (isPending) text = 'Loading…'
  else if (error) text = messageOf(error, 'Failed to load the packages.')
  else if (packages.length === 0)
    text = (
      <>
        None.{' '}
        <Link component={RouterLink} to={`${basename}/admin/packages/create`}>
          Create a package for Bumiputera buyers
        </Link>
      </>
    )
  else text = packages.map((pkg) => `${pkg.name} (${discountText(pkg)}, ${stateLabel(pkg.state)})`).join('; ')
  return (
    <Typography variant="body2" color="text.secondary">
      Discount package: {text}
    </Typography>
  )
}
