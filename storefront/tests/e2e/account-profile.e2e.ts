import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { freshEmail, logIn, registerThroughScreen } from './account-support.ts'

const baseURL = inject('baseURL')

describe('the profile and the password', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('edits the profile on My Profile and keeps what was typed when a rule fails', async () => {
    const { page } = session
    const user = { name: 'Profile Owner', email: freshEmail('profile'), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    await page.getByRole('link', { name: 'My Profile', exact: true }).click()
    const profile = page.getByRole('region', { name: 'My Profile' })
    await profile.getByText('Regular User').waitFor()
    await profile.getByText(user.email).waitFor()
    await profile.getByRole('link', { name: 'Edit Profile' }).click()

    await page.getByLabel('Name').fill('')
    await page.getByLabel('Phone').fill('12')
    await page.getByLabel('Address').fill('12 Jalan Nilai 3/1, Nilai')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Name is required').waitFor()
    await page.getByText('Please enter a valid phone number').waitFor()
    expect(await page.getByLabel('Address').inputValue()).toBe('12 Jalan Nilai 3/1, Nilai')

    await page.getByLabel('Name').fill('Profile Owner Renamed')
    await page.getByLabel('Phone').fill('+60 12 345 6789')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Profile updated successfully').waitFor()
    await profile.getByText('Profile Owner Renamed').waitFor()
    await profile.getByText('+60 12 345 6789').waitFor()
    await profile.getByText('12 Jalan Nilai 3/1, Nilai').waitFor()
    // The header shows the new name too.
    await page.getByRole('button', { name: /Profile Owner Renamed/ }).waitFor()
    await page.getByText('Profile updated successfully').waitFor({ state: 'detached', timeout: 5000 })
  })

  it('changes the password through the dialog, with the spec messages on the way', async () => {
    const { page } = session
    const user = { name: 'Password Changer', email: freshEmail('password'), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    await page.goto(`${baseURL}/enhanced-dashboard?tab=profile`)
    await page.getByRole('link', { name: 'Change Password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change Password' })
    await dialog.waitFor()

    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await dialog.getByText('Current password is required').waitFor()
    await dialog.getByText('New password is required').waitFor()
    await dialog.getByText('Please confirm your new password').waitFor()

    await dialog.getByLabel('Current password').fill(user.password)
    await dialog.getByLabel('New password', { exact: true }).fill('abc')
    await dialog.getByLabel('Confirm new password').fill('abc')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await dialog.getByText('New password must be at least 6 characters long').waitFor()

    await dialog.getByLabel('New password', { exact: true }).fill('better-secret')
    await dialog.getByLabel('Confirm new password').fill('better-secreT')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await dialog.getByText('New passwords do not match').waitFor()

    // The server checks the current password.
    await dialog.getByLabel('Current password').fill('not-my-password')
    await dialog.getByLabel('Confirm new password').fill('better-secret')
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await dialog.getByText('Current password is incorrect').waitFor()

    await dialog.getByLabel('Current password').fill(user.password)
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await page.getByText('Password changed successfully').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)

    // Still signed in here; the new password is the one that works from now on.
    await page.getByRole('button', { name: /Password Changer/ }).click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('link', { name: 'Login' }).first().waitFor()
    await page.goto(`${baseURL}/login`)
    await logIn(page, user.email, user.password)
    await page.getByText('Invalid credentials. Please try again.').waitFor()
    await logIn(page, user.email, 'better-secret')
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
  })

  it('the simple profile page edits the name and phone; the email cannot change', async () => {
    const { page } = session
    const user = { name: 'Simple Page', email: freshEmail('simple'), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    await page.goto(`${baseURL}/profile`)
    await page.getByText('Not provided').waitFor()
    await page.getByText('User', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    const email = page.getByLabel('Email', { exact: true })
    expect(await email.isDisabled()).toBe(true)
    expect(await email.inputValue()).toBe(user.email)
    await page.getByText('Email cannot be changed').waitFor()
    await page.getByLabel('Name').fill('Simple Page Edited')
    await page.getByLabel('Phone').fill('+60198765432')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Profile updated successfully').waitFor()
    await page.getByText('+60198765432').waitFor()
    await page.getByRole('main').getByText('Simple Page Edited').waitFor()
    // Saved on the server: still there after a reload, and the message is gone.
    await page.reload()
    await page.getByRole('main').getByText('Simple Page Edited').waitFor()
    expect(await page.getByText('Profile updated successfully').count()).toBe(0)
  })
})
