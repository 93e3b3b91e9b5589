import { render, screen } from '@testing-library/react'
import { DialogTitle } from '@mui/material'
import { AdminContext, defaultI18nProvider } from 'react-admin'
import { describe, expect, it } from 'vitest'
import { onPhone } from '../test/phone'
import { ResponsiveConfirm, ResponsiveDialog } from './ResponsiveDialog'

const renderDialogs = () =>
  render(
    <AdminContext i18nProvider={defaultI18nProvider}>
      <ResponsiveDialog open onClose={() => undefined} aria-labelledby="edit-title">
        <DialogTitle id="edit-title">Edit Agency</DialogTitle>
      </ResponsiveDialog>
      <ResponsiveConfirm
        isOpen
        title="Delete User"
        content="Are you sure?"
        onConfirm={() => undefined}
        onClose={() => undefined}
      />
    </AdminContext>
  )

const fullScreen = (name: string) =>
  // Both are open: the later one hides the other from assistive technology.
  screen.getByRole('dialog', { name, hidden: true }).className.includes('MuiDialog-paperFullScreen')

describe('ResponsiveDialog and ResponsiveConfirm', () => {
  it('are floating dialogs from the sm breakpoint up', () => {
    renderDialogs()

    expect(fullScreen('Edit Agency')).toBe(false)
    expect(fullScreen('Delete User')).toBe(false)
  })

  it('fill the screen on a phone', () => {
    onPhone()
    renderDialogs()

    expect(fullScreen('Edit Agency')).toBe(true)
    expect(fullScreen('Delete User')).toBe(true)
  })
})
