import { Create, SimpleForm, useRedirect } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import { PackageFields } from './PackageFields'
import { PACKAGES_RESOURCE, packageBody, type PricePackage } from './types'

/** A new package: in force now or scheduled for later. */
export default function PackageCreate() {
  const flash = useFlash()
  const redirect = useRedirect()
  return (
    <Create<PricePackage>
      title="New Package"
      resource={PACKAGES_RESOURCE}
      transform={(values) => ({ developmentId: values.developmentId, ...packageBody(values) })}
      mutationOptions={{
        onSuccess: () => {
          flash.success('Package created.')
          redirect('list', PACKAGES_RESOURCE)
        },
        onError: (error) => flash.error(messageOf(error, 'The package could not be created')),
      }}
    >
      <SimpleForm
        defaultValues={{ kind: 'percent', allLots: true, combinable: true, eligibility: 'everyone', lotIds: [] }}
      >
        <PackageFields creating />
      </SimpleForm>
    </Create>
  )
}
