import { Button, DialogContent, DialogTitle } from '@mui/material'
import {
  CreateBase,
  HttpError,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  required,
  useRefresh,
  useUpdate,
} from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { useIsPhone } from '../../../hooks/useIsPhone'
import { messageOf, useFlash } from '../../../messages'
import type { Agency } from '../types'

const RESOURCE = 'admin/agencies'

/**
 * Name required; contactEmail required and an email; the rest optional
 * (requirements: super-admin.md#agencies-management).
 */
function AgencyFields() {
  return (
    <>
      <TextInput source="name" label="Agency Name" validate={required('Agency name is required')} fullWidth />
      <TextInput source="description" label="Description" multiline minRows={2} fullWidth />
      <TextInput
        source="contactEmail"
        label="Contact Email"
        type="email"
        validate={[required('Contact email is required'), email('Contact email must be a valid email address')]}
        fullWidth
      />
      <TextInput source="contactPhone" label="Contact Phone" fullWidth />
      <TextInput source="address" label="Address" multiline fullWidth />
    </>
  )
}

/**
 * Always enabled: a click on an empty form shows what is required. On a phone the dialog fills
 * the screen, with no backdrop left to tap away: Cancel closes it.
 */
function FormToolbar({ label, onCancel }: { label: string; onCancel: () => void }) {
  const isPhone = useIsPhone()
  return (
    <Toolbar>
      <SaveButton label={label} alwaysEnable />
      {isPhone && (
        <Button onClick={onCancel} sx={{ ml: 1 }}>
          Cancel
        </Button>
      )}
    </Toolbar>
  )
}

export function CreateAgencyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  return (
    <ResponsiveDialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-agency-title">
      <DialogTitle id="create-agency-title">Create Agency</DialogTitle>
      <DialogContent>
        <CreateBase<Agency>
          resource={RESOURCE}
          redirect={false}
          mutationOptions={{
            onSuccess: (agency) => {
              flash.success(`Agency ${agency.name} created successfully`)
              onClose()
              refresh()
            },
            onError: (error) => flash.error(messageOf(error, 'Failed to create agency')),
          }}
        >
          <SimpleForm toolbar={<FormToolbar label="Create Agency" onCancel={onClose} />}>
            <AgencyFields />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </ResponsiveDialog>
  )
}

/** The fields the agency forms send. */
function agencyPayload(values: Partial<Agency>) {
  const { name, description, contactEmail, contactPhone, address } = values
  return { name, description, contactEmail, contactPhone, address }
}

/**
 * The edit modal works on the row it was opened from: nothing is reloaded under the form,
 * so nothing typed is lost. The backend's field errors come back under their fields.
 */
export function EditAgencyDialog({ agency, onClose }: { agency: Agency | null; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const [update] = useUpdate<Agency>()

  const save = async (values: Partial<Agency>) => {
    if (!agency) return
    try {
      await update(
        RESOURCE,
        { id: agency.id, data: agencyPayload(values), previousData: agency },
        { mutationMode: 'pessimistic', returnPromise: true }
      )
      flash.success('Agency updated successfully')
      onClose()
      refresh()
    } catch (error) {
      flash.error(messageOf(error, 'Failed to update agency'))
      const fieldErrors =
        error instanceof HttpError ? (error.body as { errors?: unknown } | undefined)?.errors : undefined
      if (fieldErrors && typeof fieldErrors === 'object' && !Array.isArray(fieldErrors)) return fieldErrors
    }
  }

  return (
    <ResponsiveDialog
      open={agency !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-agency-title"
    >
      <DialogTitle id="edit-agency-title">Edit Agency</DialogTitle>
      <DialogContent>
        {agency && (
          <SimpleForm record={agency} onSubmit={save} toolbar={<FormToolbar label="Save Changes" onCancel={onClose} />}>
            <AgencyFields />
          </SimpleForm>
        )}
      </DialogContent>
    </ResponsiveDialog>
  )
}
