import { SaveButton, Toolbar } from 'react-admin'

/** A create form's toolbar. Save is always enabled: a click on an empty form shows what is required. */
export function CreateToolbar() {
  return (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  )
}
