import { Create, SimpleForm, useRedirect } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import { newLotPayload, type Lot } from '../types'
import { LotFields } from './LotFields'
import { CreateToolbar } from '../../../components/CreateToolbar'

/**
 * Lot creation, for real (requirements: decisions.md#ground-rules; what the old screens left unimplemented is
 * built).
 */
export default function LotCreate() {
  const flash = useFlash()
  const redirect = useRedirect()
  return (
    <Create<Lot>
      title="Add Lot"
      resource="admin/lots"
      transform={(values) => newLotPayload(values)}
      mutationOptions={{
        onSuccess: () => {
          flash.success('Lot created successfully.')
          redirect('list', 'admin/lots')
        },
        onError: (error) => flash.error(messageOf(error, 'Failed to save lot. Please try again.')),
      }}
    >
      <SimpleForm defaultValues={{ status: 'available', released: true }} toolbar={<CreateToolbar />}>
        <LotFields withProperty />
      </SimpleForm>
    </Create>
  )
}
