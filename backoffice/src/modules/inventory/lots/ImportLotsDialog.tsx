import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { downloadCSV, useDataProvider, useRefresh } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { LotImportRow } from '../types'
import { IMPORT_ACTION_LABELS, changeText, importVerdict, rejectedRows, rowsToShow } from './lotImport'

/** The rows of a preview or of a refused import: what each does, its changes or its problems. */
function ImportRows({ rows, label }: { rows: LotImportRow[]; label: string }) {
  return (
    <Table size="small" aria-label={label} stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell>Row</TableCell>
          <TableCell>Lot Number</TableCell>
          <TableCell>Action</TableCell>
          <TableCell>Changes</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{row.row}</TableCell>
            <TableCell>{row.lotNumber ?? ''}</TableCell>
            <TableCell>{IMPORT_ACTION_LABELS[row.action]}</TableCell>
            <TableCell>
              {row.errors.map((problem) => (
                <Typography key={`${problem.field}:${problem.message}`} variant="body2" color="error">
                  {problem.field}: {problem.message}
                </Typography>
              ))}
              {row.changes.map((change) => (
                <Typography key={change.field} variant="body2">
                  {changeText(change, row.action)}
                </Typography>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * The lots CSV import, in the export's columns: rows whose lot number is on record update that
 * lot, other rows create one. The file is previewed first (what each row would create or
 * change, old → new, or why it is refused); applying it is a second, explicit step, done
 * all at once or not at all.
 */
export function ImportLotsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const [file, setFile] = useState<File | null>(null)
  const [showUnchanged, setShowUnchanged] = useState(false)
  const preview = useMutation({ mutationFn: (csv: File) => dataProvider.previewLotImport(csv) })
  const lotImport = useMutation({
    mutationFn: (csv: File) => dataProvider.importLots(csv),
    onSuccess: (result) => {
      flash.success(result.message)
      refresh()
    },
  })
  const template = useMutation({
    mutationFn: () => dataProvider.getLotImportTemplate(),
    onSuccess: (csv) => downloadCSV(csv, 'lots-template'),
    onError: (error) => flash.error(messageOf(error, 'Failed to download the template. Please try again.')),
  })

  const choose = (chosen: File | null) => {
    setFile(chosen)
    preview.reset()
    lotImport.reset()
  }
  const close = () => {
    choose(null)
    setShowUnchanged(false)
    onClose()
  }

  const verdict = preview.data ? importVerdict(preview.data) : null
  const refused = rejectedRows(lotImport.error)
  const previewed = preview.isSuccess && !lotImport.isSuccess && refused.length === 0

  return (
    <ResponsiveDialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-lots-title">
      <DialogTitle id="import-lots-title">Import Lots from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The file has the export&apos;s columns: export the lots, edit the file and import it back. A row whose lot
            number is already in its property updates that lot; any other row creates one (Lot Number, Type and Status
            are then required). A column left out of the file is left as it is; an empty cell clears its field. You see
            what will change before anything is saved.{' '}
            <Link component="button" type="button" onClick={() => template.mutate()}>
              Download a template
            </Link>
          </Typography>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            Choose CSV file
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              // The same file, corrected, may be chosen again.
              onClick={(event) => {
                event.currentTarget.value = ''
              }}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </Button>
          {file && <Typography variant="body2">Selected: {file.name}</Typography>}
          {preview.isError && (
            <Alert severity="error" role="alert">
              {messageOf(preview.error, 'Failed to read the file. Please try again.')}
            </Alert>
          )}
          {previewed && preview.data && verdict && (
            <>
              <Alert severity={verdict.canApply ? 'info' : 'warning'} role="status">
                {preview.data.message} {verdict.message}
              </Alert>
              <FormControlLabel
                control={
                  <Checkbox checked={showUnchanged} onChange={(event) => setShowUnchanged(event.target.checked)} />
                }
                label={`Show unchanged rows (${preview.data.summary.unchanged})`}
              />
              <ImportRows rows={rowsToShow(preview.data.rows, showUnchanged)} label="Preview of the import" />
            </>
          )}
          {lotImport.isSuccess && (
            <Alert severity="success" role="status">
              {lotImport.data.message}
            </Alert>
          )}
          {lotImport.isError && (
            <Alert severity="error" role="alert">
              {messageOf(lotImport.error, 'Failed to import lots. Please try again.')}
            </Alert>
          )}
          {refused.length > 0 && <ImportRows rows={refused} label="Rejected rows" />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {previewed && verdict?.canApply ? (
          <Button variant="contained" disabled={lotImport.isPending} onClick={() => file && lotImport.mutate(file)}>
            Apply changes
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!file || preview.isPending || preview.isSuccess || lotImport.isSuccess}
            onClick={() => file && preview.mutate(file)}
          >
            Preview
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  )
}
