import { Create, SimpleForm, useRedirect } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { User } from '@aero/shared/user'
import { validateNewUser } from './roleChoices'
import { UserFields, userPayload } from './UserFields'
import { CreateToolbar } from '../../../components/CreateToolbar'

export default function UserCreate() {
  const flash = useFlash()
  const redirect = useRedirect()
  return (
    <Create<User>
      title="Create User"
      resource="admin/users"
      transform={(values) => userPayload(values, true)}
      mutationOptions={{
        onSuccess: (user) => {
          flash.success(`User ${user.name} created successfully`)
          redirect('list', 'admin/users')
        },
        onError: (error) => flash.error(messageOf(error, 'Failed to create user')),
      }}
    >
      <SimpleForm validate={validateNewUser} toolbar={<CreateToolbar />}>
        <UserFields withPassword />
      </SimpleForm>
    </Create>
  )
}
