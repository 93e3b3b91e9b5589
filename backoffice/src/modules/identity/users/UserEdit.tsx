import { Edit, SimpleForm, useRedirect } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { User } from '@aero/shared/user'
import { EditToolbar } from '../../../components/EditToolbar'
import { UserFields, userPayload } from './UserFields'
import TwoFactorReset from './TwoFactorReset'

export default function UserEdit() {
  const flash = useFlash()
  const redirect = useRedirect()
  return (
    <Edit<User>
      title="Edit User"
      resource="admin/users"
      mutationMode="pessimistic"
      transform={(values) => userPayload(values, false)}
      mutationOptions={{
        onSuccess: () => {
          flash.success('User updated successfully')
          redirect('list', 'admin/users')
        },
        onError: (error) => flash.error(messageOf(error, 'Failed to update user')),
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <UserFields withPassword={false} />
      </SimpleForm>
      <TwoFactorReset />
    </Edit>
  )
}
