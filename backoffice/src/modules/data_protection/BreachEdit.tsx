import { Edit, SelectInput, SimpleForm, TextInput, DateTimeInput, useRecordContext } from 'react-admin'
import { Divider, Typography } from '@mui/material'
import { messageOf, useFlash } from '../../messages'
import { BreachFields } from './BreachFields'
import { BreachClocks } from './BreachClocks'
import BreachNotices from './BreachNotices'
import { EditToolbar } from '../../components/EditToolbar'
import { instantFromInput } from '../../dateInput'
import { BREACH_STATUS_CHOICES, type DataBreach } from './types'

function Clocks() {
  const breach = useRecordContext<DataBreach>()
  return breach ? <BreachClocks clocks={breach.clocks} /> : null
}

/** One incident: its facts, the Commissioner's notification, closing it, and the notices to the people. */
export default function BreachEdit() {
  const flash = useFlash()
  return (
    <Edit<DataBreach>
      title="Breach"
      resource="admin/data-breaches"
      mutationMode="pessimistic"
      transform={(values) => ({
        discoveredAt: instantFromInput(values.discoveredAt),
        description: values.description,
        affectedPeople: values.affectedPeople,
        dataKinds: values.dataKinds,
        affectedCount: values.affectedCount,
        commissionerNotifiedAt: instantFromInput(values.commissionerNotifiedAt),
        commissionerReference: values.commissionerReference || null,
        status: values.status,
      })}
      mutationOptions={{
        onSuccess: () => flash.success('The breach record has been updated.'),
        onError: (error) => flash.error(messageOf(error, 'The breach record could not be saved')),
      }}
    >
      <Clocks />
      {/* No Delete: the register is kept (docs/privacy.md, "Breaches"). */}
      {/* The record comes back with its clocks moved on whenever it loads again (first shown from the
          dashboard's or the list's copy): what was typed meanwhile stays, the rest follows the record. */}
      <SimpleForm toolbar={<EditToolbar />} resetOptions={{ keepDirtyValues: true }}>
        <BreachFields />
        <Divider flexItem sx={{ my: 2 }} />
        <Typography variant="h6" component="h2">
          Notification to the Commissioner
        </Typography>
        <DateTimeInput source="commissionerNotifiedAt" label="Commissioner notified at" />
        <TextInput source="commissionerReference" label="Commissioner's reference" />
        <SelectInput source="status" label="Status" choices={BREACH_STATUS_CHOICES} />
      </SimpleForm>
      <BreachNotices />
    </Edit>
  )
}
