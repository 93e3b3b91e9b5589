import { Edit, SimpleForm, TextInput, required } from 'react-admin'
import { Typography } from '@mui/material'
import { messageOf, useFlash } from '../../messages'
import type { DataProtectionOfficer } from './types'

/**
 * Data Protection Officer, /data-protection-officer (super admins): the contact the privacy
 * notice and the public site show. One record (id 1): GET and PUT /api/data-protection-officer/1.
 */
export default function DataProtectionOfficerPage() {
  const flash = useFlash()
  return (
    <Edit<DataProtectionOfficer>
      title="Data Protection Officer"
      resource="admin/data-protection-officer"
      id={1}
      redirect={false}
      mutationMode="pessimistic"
      transform={({ name, email, phone }) => ({ name, email, phone })}
      mutationOptions={{
        onSuccess: () => flash.success("The Data Protection Officer's contact is saved."),
        onError: (error) => flash.error(messageOf(error, "The officer's contact could not be saved")),
      }}
    >
      <SimpleForm>
        <Typography variant="body2" color="text.secondary">
          Shown in the privacy notice of the booking forms and on the public Policies page, so people know whom to ask
          about their personal data.
        </Typography>
        <TextInput source="name" label="Name or role" validate={required()} fullWidth />
        <TextInput source="email" label="Email" type="email" validate={required()} />
        <TextInput source="phone" label="Phone" validate={required()} />
      </SimpleForm>
    </Edit>
  )
}
