import { DeleteButton, SaveButton, Toolbar } from 'react-admin'

/**
 * An edit form's toolbar: Save, and Delete only where the screen offers it, after a
 * confirmation and waiting for the backend's answer (it may refuse, e.g. a lot with bookings).
 */
export function EditToolbar({ deleteConfirmation }: { deleteConfirmation?: string }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deleteConfirmation && <DeleteButton mutationMode="pessimistic" confirmContent={deleteConfirmation} />}
    </Toolbar>
  )
}
