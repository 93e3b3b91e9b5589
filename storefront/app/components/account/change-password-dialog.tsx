import { AccountForm } from '~/components/account/account-form'
import type { AccountFormResult } from '~/components/account/account-form'
import { Modal } from '~/components/account/modal'
import { TextField } from '~/components/text-field'
import { validatePasswordChange } from '~/utils/account'
import type { PasswordChangeValues } from '~/utils/account'
import { readTextFields } from '~/utils/validation'

type Field = keyof PasswordChangeValues
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword']

export type PasswordFormResult = AccountFormResult<Field>

/** Account Settings' Change Password dialog (POST /api/auth/change-password via the action). */
export function ChangePasswordDialog({
  result,
  closeTo,
  askForCode = false,
}: {
  result: PasswordFormResult | null
  closeTo: string
  /** Staff may have two-step sign-in on: the change then needs a code too. */
  askForCode?: boolean
}) {
  return (
    <Modal title="Change Password" closeTo={closeTo}>
      <AccountForm<Field>
        intent="change-password"
        className="form"
        result={result}
        validate={(form) => validatePasswordChange(readTextFields(form, FIELDS))}
        submitLabel="Change Password"
        sendingLabel="Changing…"
        cancelTo={closeTo}
      >
        {(errors) => (
          <>
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errors.currentPassword}
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 6 characters."
              error={errors.newPassword}
            />
            <TextField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
            />
            {askForCode ? (
              <TextField
                label="Authentication code"
                name="code"
                autoComplete="one-time-code"
                hint="If two-step sign-in is on: the code from your authenticator app, or a recovery code."
              />
            ) : null}
          </>
        )}
      </AccountForm>
    </Modal>
  )
}
