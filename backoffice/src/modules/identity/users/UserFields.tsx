import { PasswordInput, SelectInput, TextInput, email, useGetList } from 'react-admin'
import { useBackofficeIdentity } from '../../../hooks/useBackofficeIdentity'
import { roleChoicesFor } from './roleChoices'

interface AgencyChoice {
  id: number
  name: string
}

/** The fields of the users screen's create and edit forms (requirements: api.md#user-endpoints). */
export function UserFields({ withPassword }: { withPassword: boolean }) {
  const { identity } = useBackofficeIdentity()
  const agencies = useGetList<AgencyChoice>('admin/agencies', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  })
  return (
    <>
      <TextInput source="name" label="Name" fullWidth />
      <TextInput source="email" label="Email" type="email" validate={email('Email is invalid')} fullWidth />
      {withPassword && <PasswordInput source="password" label="Password" fullWidth />}
      <SelectInput source="role" label="Role" choices={roleChoicesFor(identity?.role)} defaultValue="user" />
      <SelectInput
        source="agencyId"
        label="Agency"
        choices={agencies.data ?? []}
        isPending={agencies.isPending}
        emptyText="No agency"
        parse={(value: string) => value || null}
      />
      <TextInput source="phone" label="Phone" fullWidth />
    </>
  )
}

/** What the forms send: the editable fields only. */
export function userPayload(values: Record<string, unknown>, withPassword: boolean) {
  const { name, email: address, role, agencyId, phone, password } = values
  return {
    name,
    email: address,
    role,
    agencyId: agencyId === '' || agencyId === undefined ? null : agencyId,
    phone: phone === '' ? null : phone,
    ...(withPassword ? { password } : {}),
  }
}
