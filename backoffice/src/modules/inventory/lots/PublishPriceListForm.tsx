import { useState, type FormEvent } from 'react'
import {
  Alert,
  Button as MuiButton,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { instantFromInput, localInputValue } from '../../../dateInput'
import { formatDateTime, formatSen } from '../../../format'
import { fieldErrorsOf, messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Development, PricedLot, PriceListDraft } from '../dataProvider'
import { LotNumberCell } from './LotNumberCell'

/** The backend's ceiling (RM 100 million in sen): past it a figure is a typing slip. */
export const MAX_PRICE_SEN = 10_000_000_000
export const PRICE_INVALID = 'Enter a price in RM with at most two decimals.'
export const PRICE_TOO_LARGE = 'The price is too large'

/**
 * "468,000.50" as 46800050 sen, read from the text: a float (468000.5 * 100) can land a sen off.
 * Commas and spaces between digits are separators; null when it is not RM with at most two decimals.
 */
export function senFromRM(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^RM\s*/i, '')
    .replace(/[,\s]/g, '')
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain)
  if (!match) return null
  const sen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(sen) ? sen : null
}

/** 46800050 sen as "468000.50", the form's input text (no separators, so it reads back exactly). */
export function rmFromSen(sen: number): string {
  return `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`
}

/** One CSV line's cells: commas separate, double quotes wrap a cell that holds commas ("1,234.50"). */
function csvCells(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells.map((text) => text.trim())
}

export interface CsvPrices {
  /** The new prices' input texts, by lot id. */
  prices: Record<number, string>
  /** Each line that could not be used, said once. */
  problems: string[]
}

/**
 * A `lotNumber,price` file (price in RM, at most two decimals) read against the development's
 * lots. A first line whose price is not a figure is its header. Lines naming no lot of the
 * development, or a lot twice, or no price, are reported rather than guessed at.
 */
export function pricesFromCsv(text: string, lots: PricedLot[]): CsvPrices {
  const byNumber = new Map(lots.map((lot) => [lot.lotNumber.trim().toLowerCase(), lot]))
  const prices: Record<number, string> = {}
  const problems: string[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  lines.forEach((line, index) => {
    if (line.trim() === '') return
    const [lotNumber = '', price = '', ...rest] = csvCells(line)
    const sen = senFromRM(price)
    if (index === 0 && sen === null) return
    const where = `Line ${index + 1}`
    const lot = byNumber.get(lotNumber.toLowerCase())
    if (rest.some((cell) => cell !== '')) problems.push(`${where}: expected lotNumber,price`)
    else if (!lot) problems.push(`${where}: no lot ${lotNumber || '(blank)'} in this development`)
    else if (sen === null)
      problems.push(`${where}: ${price || '(blank)'} is not a price in RM with at most two decimals`)
    else if (lot.id in prices) problems.push(`${where}: lot ${lot.lotNumber} is listed more than once`)
    else prices[lot.id] = rmFromSen(sen)
  })
  return { prices, problems }
}

type FieldErrors = Record<string, string>

/**
 * Moves the backend's `entries.<i>.*` errors onto the lot sent at index i, under `lot.<id>`: the
 * entries sent skip the lots left blank, so an index is not a row of the table.
 */
function errorsByLot(errors: FieldErrors, sentLotIds: number[]): FieldErrors {
  const mapped: FieldErrors = {}
  for (const [field, message] of Object.entries(errors)) {
    const entry = /^entries\.(\d+)\./.exec(field)
    const lotId = entry ? sentLotIds[Number(entry[1])] : undefined
    const key = lotId === undefined ? field : `lot.${lotId}`
    mapped[key] ??= message
  }
  return mapped
}

/**
 * The "Publish new version" form of a development's price list (super admins): a label, an
 * effective time (now unless changed) and each lot's new price, prefilled with its price in
 * force. The backend checks everything again; its refusals show beside their fields.
 */
export function PublishPriceListForm({ development, onClose }: { development: Development; onClose: () => void }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const lots = useQuery({
    queryKey: ['pricedLots', development.id],
    queryFn: () => dataProvider.getPricedLots(development.id),
    // Opened to edit: the prices in force now, not a copy from an earlier opening.
    staleTime: 0,
  })
  if (lots.isPending) return <CircularProgress size={20} />
  if (lots.error) return <Alert severity="error">{messageOf(lots.error, 'Failed to load the lots.')}</Alert>
  if (lots.data.length === 0) {
    return (
      <Alert severity="info" onClose={onClose}>
        {development.name} has no lots to price.
      </Alert>
    )
  }
  return (
    <PriceListFields
      development={development}
      lots={lots.data}
      onClose={onClose}
      publish={(draft) => dataProvider.publishPriceList(development.id, draft)}
      onPublished={() => {
        void queryClient.invalidateQueries({ queryKey: ['priceLists', development.id] })
        void queryClient.invalidateQueries({ queryKey: ['pricedLots', development.id] })
        // The Lots list shows the prices in force.
        void queryClient.invalidateQueries({ queryKey: ['admin/lots'] })
      }}
    />
  )
}

function PriceListFields({
  development,
  lots,
  onClose,
  publish,
  onPublished,
}: {
  development: Development
  lots: PricedLot[]
  onClose: () => void
  publish: (draft: PriceListDraft) => ReturnType<BackofficeDataProvider['publishPriceList']>
  onPublished: () => void
}) {
  const flash = useFlash()
  const [label, setLabel] = useState('')
  const [effectiveAt, setEffectiveAt] = useState(() => localInputValue(new Date()))
  // Left as opened, the time is "now" when sent: a form kept open a while is not in the past.
  const [timeChanged, setTimeChanged] = useState(false)
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(lots.map((lot) => [lot.id, lot.priceSen === null ? '' : rmFromSen(lot.priceSen)]))
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [csv, setCsv] = useState<{ name: string; filled: number; problems: string[] } | null>(null)
  const fillFromCsv = async (file: File) => {
    const read = pricesFromCsv(await file.text(), lots)
    setPrices((typed) => ({ ...typed, ...read.prices }))
    setCsv({ name: file.name, filled: Object.keys(read.prices).length, problems: read.problems })
  }
  const save = useMutation({
    mutationFn: ({ draft }: { draft: PriceListDraft; sentLotIds: number[] }) => publish(draft),
    onSuccess: (version) => {
      flash.success(
        `${version.message ?? 'Price list published.'} ${development.name}: ${version.label}, from ${formatDateTime(version.effectiveAt)}.`
      )
      onPublished()
      onClose()
    },
    onError: (failure, { sentLotIds }) => {
      setErrors(errorsByLot(fieldErrorsOf(failure), sentLotIds))
      flash.error(messageOf(failure, 'Failed to publish the price list. Please try again.'))
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: FieldErrors = {}
    const entries: PriceListDraft['entries'] = []
    for (const lot of lots) {
      const text = prices[lot.id] ?? ''
      // A lot left blank is not on this version: it keeps the price it has.
      if (text.trim() === '') continue
      const sen = senFromRM(text)
      if (sen === null) found[`lot.${lot.id}`] = PRICE_INVALID
      else if (sen > MAX_PRICE_SEN) found[`lot.${lot.id}`] = PRICE_TOO_LARGE
      else entries.push({ lotId: lot.id, priceSen: sen })
    }
    let moment = new Date().toISOString()
    if (timeChanged) {
      const at = instantFromInput(effectiveAt)
      if (at === null) found.effectiveAt = 'The effective time is required'
      else moment = at
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    save.mutate({
      draft: { label: label.trim(), effectiveAt: moment, entries },
      sentLotIds: entries.map((entry) => entry.lotId),
    })
  }

  const general = Object.entries(errors).filter(([field]) => !/^(lot\.|label$|effectiveAt$)/.test(field))
  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={submit}
      noValidate
      aria-label={`New price list version of ${development.name}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label="Label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={!!errors.label}
          helperText={errors.label ?? 'As the versions list shows it, e.g. "Phase 2 prices".'}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label="Effective from"
          value={effectiveAt}
          onChange={(event) => {
            setEffectiveAt(event.target.value)
            setTimeChanged(true)
          }}
          error={!!errors.effectiveAt}
          helperText={errors.effectiveAt ?? (timeChanged ? 'Your local time.' : 'Now, unless changed.')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <MuiButton component="label" size="small" startIcon={<UploadFileIcon />}>
          Fill from CSV
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label={`Prices CSV of ${development.name}`}
            onChange={(event) => {
              const file = event.target.files?.[0]
              // Cleared: the same file chosen again after an edit is read again.
              event.target.value = ''
              if (file) void fillFromCsv(file)
            }}
          />
        </MuiButton>
        <Typography variant="caption" color="text.secondary">
          Lines of lotNumber,price (RM); the lots it names are filled in, the others keep their input.
        </Typography>
      </Stack>
      {csv && (
        <Alert severity={csv.problems.length ? 'warning' : 'info'} onClose={() => setCsv(null)}>
          {`Filled ${csv.filled} price${csv.filled === 1 ? '' : 's'} from ${csv.name}.`}
          {csv.problems.map((problem) => (
            <Typography key={problem} variant="body2">
              {problem}
            </Typography>
          ))}
        </Alert>
      )}
      {general.map(([field, message]) => (
        <Alert key={field} severity="error">
          {message}
        </Alert>
      ))}
      <Table size="small" aria-label={`New prices of ${development.name}`}>
        <TableHead>
          <TableRow>
            <TableCell>Lot</TableCell>
            <TableCell align="right">Price in force</TableCell>
            <TableCell>New price (RM)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lots.map((lot) => {
            const error = errors[`lot.${lot.id}`]
            return (
              <TableRow key={lot.id}>
                <LotNumberCell lot={lot} />
                <TableCell align="right">{lot.priceSen === null ? '—' : formatSen(lot.priceSen)}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={prices[lot.id] ?? ''}
                    onChange={(event) => setPrices((typed) => ({ ...typed, [lot.id]: event.target.value }))}
                    error={!!error}
                    helperText={error}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': `New price of lot ${lot.lotNumber}` },
                    }}
                  />
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <MuiButton onClick={onClose} disabled={save.isPending}>
          Cancel
        </MuiButton>
        <MuiButton type="submit" variant="contained" disabled={save.isPending}>
          Publish
        </MuiButton>
      </Stack>
    </Stack>
  )
}
