import { useCallback, useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { httpClient } from '../../providers/http'

/** GET /api/auth/two-factor */
export type TwoFactorStatus = { enabled: boolean; pending: boolean; recoveryCodesRemaining: number; required: boolean }
type Setup = { secret: string; otpauthUrl: string; qrSvg: string }

const BASE = '/api/auth/two-factor'
const CODE = /^\d{3}\s?\d{3}$/

export const TWO_FACTOR_LABELS = {
  title: 'Two-step sign-in',
  off: 'Protect your account with a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) in addition to your password.',
  required: 'Two-step sign-in is required for super admins. Turn it on to continue using the backoffice.',
  turnOn: 'Turn on two-step sign-in',
  scan: 'Scan this QR code with your authenticator app, or enter the key below by hand, then enter the 6-digit code it shows.',
  manualKey: 'Manual key',
  code: 'Authentication code',
  confirm: 'Confirm',
  cancel: 'Cancel',
  on: 'Two-step sign-in is on.',
  codesTitle: 'Your recovery codes',
  codesHint:
    'Each code signs you in once if you lose your authenticator app. Save them somewhere safe now: they will not be shown again.',
  saved: 'I have saved these codes',
  copy: 'Copy codes',
  copied: 'Codes copied',
  copyFailed: 'The browser did not allow copying: download the codes instead.',
  download: 'Download codes',
  fileName: 'aero-recovery-codes.txt',
  password: 'Current password',
  passwordRequired: 'Enter your current password to confirm.',
  proof: 'Code from your app, or a recovery code',
  newCodes: 'New recovery codes',
  turnOff: 'Turn off',
  proofRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
}

/** A failed call's message (the backend answers `{ message, errors? }`). */
function messageOf(error: unknown): string {
  const body = (error as { body?: { message?: string; errors?: Array<{ message: string }> } } | null)?.body
  return body?.errors?.[0]?.message ?? body?.message ?? (error as Error)?.message ?? 'Something went wrong'
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return json as T
}

/** A 6-digit code proves with the app; anything else is taken for a recovery code. */
const secondFactorOf = (value: string) =>
  CODE.test(value.trim()) ? { code: value.trim() } : { recoveryCode: value.trim() }

/**
 * My Profile's two-step sign-in (super admins and agent admins): turn it on (QR code, manual
 * key, a code to confirm), see the recovery codes once, make new ones, turn it off. Each change
 * asks for the current password, and the second factor once it is on.
 */
export default function TwoFactorSection() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null)
  const [setup, setSetup] = useState<Setup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [value, setValue] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      setStatus(await call<TwoFactorStatus>(''))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  async function run(action: () => Promise<void>) {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      await action()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  function start() {
    if (!password) return setError(TWO_FACTOR_LABELS.passwordRequired)
    void run(async () => {
      setSetup(await call<Setup>('/setup', { password }))
      setPassword('')
      setValue('')
    })
  }

  function confirm(event: FormEvent) {
    event.preventDefault()
    if (!CODE.test(value.trim())) return setError(TWO_FACTOR_LABELS.codeRequired)
    void run(async () => {
      const answer = await call<{ recoveryCodes: string[]; message: string }>('/confirm', { code: value.trim() })
      setSetup(null)
      setCodes(answer.recoveryCodes)
      setValue('')
      setNotice(answer.message)
      await load()
    })
  }

  function withProof(path: '/recovery-codes' | '/disable') {
    if (!password) return setError(TWO_FACTOR_LABELS.passwordRequired)
    if (!value.trim()) return setError(TWO_FACTOR_LABELS.proofRequired)
    void run(async () => {
      const answer = await call<{ recoveryCodes?: string[]; message: string }>(path, {
        password,
        ...secondFactorOf(value),
      })
      setCodes(answer.recoveryCodes ?? null)
      setPassword('')
      setValue('')
      setNotice(answer.message)
      await load()
    })
  }

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }} component="section" aria-labelledby="two-factor-title">
      <CardContent>
        <Typography id="two-factor-title" variant="h6" component="h2" gutterBottom>
          {TWO_FACTOR_LABELS.title}
        </Typography>
        {notice ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}

        {codes ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {TWO_FACTOR_LABELS.codesTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {TWO_FACTOR_LABELS.codesHint}
            </Typography>
            <Box
              component="ul"
              aria-label={TWO_FACTOR_LABELS.codesTitle}
              sx={{ fontFamily: 'monospace', columns: 2, pl: 3, my: 1 }}
            >
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <RecoveryCodesActions codes={codes} />
              <Button variant="outlined" onClick={() => setCodes(null)}>
                {TWO_FACTOR_LABELS.saved}
              </Button>
            </Stack>
          </Box>
        ) : null}

        {status === null ? null : setup ? (
          <Box component="form" onSubmit={confirm} noValidate>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {TWO_FACTOR_LABELS.scan}
            </Typography>
            <Box
              role="img"
              aria-label="QR code for your authenticator app"
              sx={{ width: 200, height: 200, '& svg': { width: '100%', height: '100%' } }}
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <Typography variant="caption" color="text.secondary" component="p" id="two-factor-key-label">
              {TWO_FACTOR_LABELS.manualKey}
            </Typography>
            <Typography
              aria-labelledby="two-factor-key-label"
              data-testid="two-factor-manual-key"
              sx={{ fontFamily: 'monospace', fontSize: 18, mb: 2, wordBreak: 'break-all' }}
            >
              {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </Typography>
            <TextField
              label={TWO_FACTOR_LABELS.code}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
              size="small"
              sx={{ mr: 1 }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" disabled={busy}>
                {TWO_FACTOR_LABELS.confirm}
              </Button>
              <Button onClick={() => setSetup(null)} disabled={busy}>
                {TWO_FACTOR_LABELS.cancel}
              </Button>
            </Stack>
          </Box>
        ) : status.enabled ? (
          <Box>
            <Typography sx={{ mb: 1 }}>
              {TWO_FACTOR_LABELS.on} Recovery codes left: {status.recoveryCodesRemaining}.
            </Typography>
            <TextField
              label={TWO_FACTOR_LABELS.password}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
              size="small"
              fullWidth
              sx={{ mb: 1 }}
            />
            <TextField
              label={TWO_FACTOR_LABELS.proof}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
              size="small"
              fullWidth
            />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={() => withProof('/recovery-codes')} disabled={busy}>
                {TWO_FACTOR_LABELS.newCodes}
              </Button>
              <Button color="error" variant="outlined" onClick={() => withProof('/disable')} disabled={busy}>
                {TWO_FACTOR_LABELS.turnOff}
              </Button>
            </Stack>
          </Box>
        ) : (
          <Box>
            {status.required ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {TWO_FACTOR_LABELS.required}
              </Alert>
            ) : null}
            <Typography variant="body2" sx={{ mb: 2 }}>
              {TWO_FACTOR_LABELS.off}
            </Typography>
            <TextField
              label={TWO_FACTOR_LABELS.password}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
              size="small"
              fullWidth
              sx={{ mb: 1 }}
            />
            <Button variant="contained" onClick={start} disabled={busy}>
              {TWO_FACTOR_LABELS.turnOn}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  )
}

/** The codes, one a line, as they are copied and saved. */
export function recoveryCodesText(codes: readonly string[]): string {
  return `Aero Property Booking: two-step sign-in recovery codes (each works once)\n\n${codes.join('\n')}\n`
}

/** Copy the recovery codes, or save them as a text file: they are shown only once. */
function RecoveryCodesActions({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes))
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = TWO_FACTOR_LABELS.fileName
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <>
      <Button variant="contained" onClick={copy}>
        {copied === 'yes' ? TWO_FACTOR_LABELS.copied : TWO_FACTOR_LABELS.copy}
      </Button>
      <Button variant="contained" onClick={download}>
        {TWO_FACTOR_LABELS.download}
      </Button>
      {copied === 'failed' ? (
        <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {TWO_FACTOR_LABELS.copyFailed}
        </Typography>
      ) : null}
    </>
  )
}
