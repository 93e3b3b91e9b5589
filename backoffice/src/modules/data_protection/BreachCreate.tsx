import { Create, SimpleForm, useRedirect } from 'react-admin'
import { messageOf, useFlash } from '../../messages'
import { BreachFields } from './BreachFields'
import { instantFromInput } from '../../dateInput'
import type { DataBreach } from './types'

/** A new incident; the Commissioner's 72-hour clock runs from "Found at". */
export default function BreachCreate() {
  const flash = useFlash()
  const redirect = useRedirect()
  return (
    <Create<DataBreach>
      title="Record a Breach"
      resource="admin/data-breaches"
      transform={(values) => ({ ...values, discoveredAt: instantFromInput(values.discoveredAt) })}
      mutationOptions={{
        onSuccess: (breach) => {
          flash.success('The breach has been recorded.')
          redirect('edit', 'admin/data-breaches', breach.id)
        },
        onError: (error) => flash.error(messageOf(error, 'The breach could not be recorded')),
      }}
    >
      <SimpleForm>
        <BreachFields />
      </SimpleForm>
    </Create>
  )
}
