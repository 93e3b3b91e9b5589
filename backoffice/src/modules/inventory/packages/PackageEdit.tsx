import { Edit, SimpleForm, Toolbar, SaveButton, useRecordContext } from 'react-admin'
import { Alert } from '@mui/material'
import { messageOf, useFlash } from '../../../messages'
import { PackageFields } from './PackageFields'
import { RetirePackageButton } from './RetirePackageButton'
import { PACKAGES_RESOURCE, packageBody, stateLabel, type PricePackage } from './types'

/** Saving only while scheduled: a package in force stays as buyers were offered it. */
function PackageToolbar() {
  const pkg = useRecordContext<PricePackage>()
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {pkg?.state === 'scheduled' ? <SaveButton /> : <span />}
      <RetirePackageButton />
    </Toolbar>
  )
}

function StateNotice() {
  const pkg = useRecordContext<PricePackage>()
  if (!pkg || pkg.state === 'scheduled') return null
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {stateLabel(pkg.state)}: its terms can no longer change.
      {pkg.state === 'in_force' ? ' Retire it and create another to change the offer.' : ''}
    </Alert>
  )
}

/** One package: rescheduled or changed while not yet in force; retired at any time. */
export default function PackageEdit() {
  const flash = useFlash()
  return (
    <Edit<PricePackage>
      title="Package"
      resource={PACKAGES_RESOURCE}
      mutationMode="pessimistic"
      transform={(values) => packageBody(values)}
      mutationOptions={{
        onSuccess: () => flash.success('Package updated.'),
        onError: (error) => flash.error(messageOf(error, 'The package could not be saved')),
      }}
    >
      <SimpleForm toolbar={<PackageToolbar />}>
        <StateNotice />
        <PackageFields />
      </SimpleForm>
    </Edit>
  )
}
