import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { HttpError, downloadCSV, useDataProvider, useRefresh } from 'react-admin';
import { messageOf, useFlash } from '../../../messages';
import type { BackofficeDataProvider, LotImportRejection, RejectedLotRow } from '../../../providers/dataProvider';

export const IMPORT_TEMPLATE =
  'lotNumber,unitNumber,type,typeCode,status,price,landSize,builtUpArea,title,phase\r\n' +
  '25,MKS-25,INTERMEDIATE (B),B,available,468000,186,242,PT 54125,4\r\n';

/** The refused rows of a 422 answer, when the refusal was about rows and not the file. */
export function rejectedRows(error: unknown): RejectedLotRow[] {
  if (!(error instanceof HttpError) || error.status !== 422) return [];
  const rows = (error.body as Partial<LotImportRejection> | undefined)?.rows;
  return Array.isArray(rows) ? rows : [];
}

/** The lots CSV import: every row is checked; either all are imported or none, with a report. */
export function ImportLotsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const flash = useFlash();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const lotImport = useMutation({
    mutationFn: (csv: File) => dataProvider.importLots(csv),
    onSuccess: (result) => {
      flash.success(result.message);
      refresh();
    },
  });

  const close = () => {
    setFile(null);
    lotImport.reset();
    onClose();
  };

  const rows = rejectedRows(lotImport.error);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-lots-title">
      <DialogTitle id="import-lots-title">Import Lots from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            A header row names the columns: lotNumber, type and status are required; unitNumber, typeCode (A, B or C), price
            (RM), spaPrice, landSize and builtUpArea (sqm), landAreaSqft, size, title, name, description, phase,
            propertyType, category, location, address, note, kind and propertyId are optional. If any row has errors, no
            lot is imported and every such row is listed.{' '}
            <Link component="button" type="button" onClick={() => downloadCSV(IMPORT_TEMPLATE, 'lots-template')}>
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
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                lotImport.reset();
              }}
            />
          </Button>
          {file && <Typography variant="body2">Selected: {file.name}</Typography>}
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
          {rows.length > 0 && (
            <Table size="small" aria-label="Rejected rows">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Lot Number</TableCell>
                  <TableCell>Problems</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.row}>
                    <TableCell>{row.row}</TableCell>
                    <TableCell>{row.lotNumber ?? ''}</TableCell>
                    <TableCell>
                      {row.errors.map((problem) => (
                        <div key={`${problem.field}:${problem.message}`}>
                          {problem.field}: {problem.message}
                        </div>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button variant="contained" disabled={!file || lotImport.isPending} onClick={() => file && lotImport.mutate(file)}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
