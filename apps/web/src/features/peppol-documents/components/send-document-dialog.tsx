/**
 * Sends a UBL document on an outgoing list (issue 34 "a send dialog for UBL (upload or editor)
 * with the rule findings on screen"): the XML or its JSON typed or pasted in the editor, or read
 * from a file; 'Check' asks the API's preflight (`POST {domain}/validate`) and lists its findings
 * (rule id, flag, message, location); 'Send' posts it to the list's collection, and a refusal
 * lists its violations the same way (the rule id as code, its location as path). Once stored, the
 * list shows it with its message on its way.
 */
import type { PeppolValidation } from '@fiscus/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useSendDocument, validateUbl, type UblBody } from '../api/document-queries';
import type { DocumentScreen } from '../model/document-screens';

/** The largest file the dialog reads (the API's own limit is the engine's). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

interface FindingRow {
  id: string;
  flag: 'fatal' | 'warning';
  message: string;
  location: string;
}

/** XML unless the text opens a JSON object. */
export function ublBodyOf(text: string): UblBody {
  return text.trimStart().startsWith('{') ? { kind: 'json', text } : { kind: 'xml', text };
}

function Findings({ rows }: { rows: FindingRow[] }) {
  const { t } = useTranslation('peppolDocuments');
  return (
    <Box sx={{ maxHeight: 260, overflow: 'auto' }}>
      <Table size="small" aria-label={t('send.findings')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('send.rule')}</TableCell>
            <TableCell>{t('send.flag')}</TableCell>
            <TableCell>{t('send.messageColumn')}</TableCell>
            <TableCell>{t('send.location')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row.id}-${index}`} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.id}</TableCell>
              <TableCell>{t(`send.flags.${row.flag}`)}</TableCell>
              <TableCell>{row.message}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', fontSize: 12 }}>
                {row.location}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function SendDocumentDialog({
  screen,
  onClose,
}: {
  screen: DocumentScreen;
  onClose: () => void;
}) {
  const { t } = useTranslation('peppolDocuments');
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendDocument(screen.domain, screen.kind);
  const fileInput = useRef<HTMLInputElement>(null);
  const editorId = useId();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [verdict, setVerdict] = useState<
    { valid: boolean; rows: FindingRow[] } | { error: string } | null
  >(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setVerdict({ error: t('send.tooLarge') });
      return;
    }
    setText(await file.text());
    setVerdict(null);
  };

  const check = async () => {
    setChecking(true);
    try {
      const result: PeppolValidation = await validateUbl(screen.domain, ublBodyOf(text));
      setVerdict({
        valid: result.valid,
        rows: result.findings.map((finding) => ({
          id: finding.id,
          flag: finding.flag,
          message: finding.message,
          location: finding.path || finding.location,
        })),
      });
    } catch (error) {
      setVerdict({ error: error instanceof ApiError ? error.message : t('messages.generic') });
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    try {
      const sent = await send.mutateAsync(ublBodyOf(text));
      enqueueSnackbar(t('send.sent', { number: sent.number }), { variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.violations.length > 0) {
        setVerdict({
          valid: false,
          rows: error.violations.map((violation) => ({
            id: violation.code ?? '',
            flag: 'fatal',
            message: violation.message,
            location: violation.propertyPath,
          })),
        });
      } else {
        setVerdict({ error: error instanceof ApiError ? error.message : t('messages.generic') });
      }
    }
  };

  const busy = checking || send.isPending;
  return (
    <DialogFrame
      onClose={onClose}
      title={t(`send.titles.${screen.kind}`)}
      closeLabel={t('send.cancel')}
      maxWidth="md"
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('send.intro')}
          </Typography>
          <Box>
            <input
              ref={fileInput}
              type="file"
              accept=".xml,.json,application/xml,text/xml,application/json"
              hidden
              aria-label={t('send.upload')}
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => fileInput.current?.click()}
            >
              {t('send.upload')}
            </Button>
          </Box>
          <TextField
            id={editorId}
            label={t('send.editor')}
            multiline
            minRows={10}
            maxRows={18}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setVerdict(null);
            }}
            slotProps={{
              htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } },
            }}
            fullWidth
          />
          {verdict && 'error' in verdict && <Alert severity="error">{verdict.error}</Alert>}
          {verdict && 'rows' in verdict && (
            <>
              <Alert severity={verdict.valid ? 'success' : 'error'}>
                {verdict.valid
                  ? t('send.valid', { count: verdict.rows.length })
                  : t('send.invalid', {
                      count: verdict.rows.filter((row) => row.flag === 'fatal').length,
                    })}
              </Alert>
              {verdict.rows.length > 0 && <Findings rows={verdict.rows} />}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('send.cancel')}</Button>
        <Button disabled={busy || text.trim() === ''} onClick={() => void check()}>
          {t('send.check')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || text.trim() === ''}
          onClick={() => void submit()}
        >
          {t('send.submit')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
