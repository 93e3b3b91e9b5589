import { Divider } from '@mui/material'
import { Edit, SimpleForm, useRedirect } from 'react-admin'
import { EditToolbar } from '../../../components/EditToolbar'
import { messageOf, useFlash } from '../../../messages'
import { changedLotPayload, type Lot } from '../types'
import { LotFields } from './LotFields'
import { LotBumiputeraSection } from './LotBumiputeraSection'
import { LotWaitlistSection } from './LotWaitlistSection'

/** The hub's shop lots keep the shop-lot edit's texts (requirements: public-site.md#shop-lot-edit). */
const isShopLot = (lot: Partial<Lot> | undefined) => lot?.category === 'shoplot'

/**
 * The admin lot form and the shop-lot fields in one edit (requirements: super-admin.md#lots-management), then
 * the lot's Bumiputera quota and its waitlist.
 */
export default function LotEdit() {
  const flash = useFlash()
  const redirect = useRedirect()
  return (
    <Edit<Lot>
      title="Edit Lot"
      resource="admin/lots"
      mutationMode="pessimistic"
      transform={(values, options) => changedLotPayload(values, options?.previousData)}
      mutationOptions={{
        onSuccess: (lot) => {
          flash.success(isShopLot(lot) ? 'Shoplot updated successfully' : 'Lot updated successfully.')
          redirect('list', 'admin/lots')
        },
        onError: (error, variables) =>
          flash.error(
            isShopLot(variables.previousData)
              ? messageOf(error, 'Failed to update shoplot')
              : messageOf(error, 'Failed to save lot. Please try again.')
          ),
      }}
    >
      <SimpleForm
        toolbar={
          <EditToolbar deleteConfirmation="Are you sure you want to delete this lot? A lot with bookings on record cannot be deleted." />
        }
      >
        <LotFields />
      </SimpleForm>
      {/* Saved on its own: a quota lot and its release are a super admin's record, on the audit trail. */}
      <Divider />
      <LotBumiputeraSection />
      {/* The lot's waitlist: who waits for it, in order. */}
      <Divider />
      <LotWaitlistSection />
    </Edit>
  )
}
