import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readFileAsText } from '../model/file-base64';
import { describeFailure, InvalidInvoiceResult, type FormFailure } from '../model/form-failure';
import type { SubmitResult, ValidationResult } from '../model/invoice-form-types';
import {
  sourceFormatOfFile,
  sourceTypeOfContent,
  type InvoiceSource,
  type SourceFormat,
  type SourceType,
} from '../model/invoice-source';
import { loadSourceReader, type SourceReader } from '../model/load-source-reading';
import { FormFailureAlert } from './form-failure-alert';
import { SubmitBar } from './submit-bar';

const SourceCodeEditor = lazy(() => import('./source-code-editor'));

export interface InvoiceSourceEditorProps {
  initialType?: SourceType;
  initialFormat?: SourceFormat;
  initialContent?: string;
  onValidate: (source: InvoiceSource) => Promise<ValidationResult>;
  onSubmit: (source: InvoiceSource) => Promise<SubmitResult>;
  onCancel: () => void;
  /** The label of the final step's button (e.g. 'Save draft'); 'Submit' by default. */
  submitLabel?: string;
  /** Called with the source after every change the user makes (to carry it elsewhere). */
  onChange?: (source: InvoiceSource) => void;
}

/**
 * The 'create invoice from source' tab: JSON or XML typed in an editor or uploaded. Switching the
 * format converts the text (JSON to FatturaPA XML and back) when it can be read and written
 * whole; otherwise the text stays as typed and a notice says why.
 */
export function InvoiceSourceEditor({
  initialType = 'simple',
  initialFormat = 'json',
  initialContent = '',
  onValidate,
  onSubmit,
  onCancel,
  submitLabel,
  onChange,
}: InvoiceSourceEditorProps) {
  const { t, i18n } = useTranslation('invoiceForm');
  const { enqueueSnackbar } = useSnackbar();
  const [source, setSource] = useState<InvoiceSource>({
    type: initialType,
    format: initialFormat,
    content: initialContent,
  });
  const [fileName, setFileName] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState<'validate' | 'submit' | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [notConverted, setNotConverted] = useState<string | null>(null);
  const reader = useRef<SourceReader | undefined>(undefined);
  useEffect(() => {
    // The converter is loaded with the tab, so a format switch converts at once.
    void loadSourceReader().then((module) => (reader.current = module));
  }, []);
  const typeLabelId = useId();
  const formatLabelId = useId();
  const inputId = useId();

  const change = (next: Partial<InvoiceSource>) => {
    const updated = { ...source, ...next };
    setSource(updated);
    setValidated(false);
    onChange?.(updated);
  };

  const switchFormat = async (format: SourceFormat) => {
    reader.current ??= await loadSourceReader();
    const conversion = reader.current.convertSource(source, format, i18n.language ?? 'en');
    change(conversion.source);
    if (conversion.kind !== 'kept') {
      setNotConverted(null);
      return;
    }
    const from = conversion.from.toUpperCase();
    setNotConverted(
      conversion.misfit
        ? t('source.misfit', {
            format: from,
            target: format.toUpperCase(),
            field: conversion.misfit,
          })
        : conversion.detail
          ? t('source.unreadableDetail', { format: from, detail: conversion.detail })
          : t('source.unreadable', { format: from }),
    );
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    const format = sourceFormatOfFile(file.name);
    if (!format) {
      setUploadError(t('source.unsupportedFile', { name: file.name }));
      return;
    }
    try {
      const content = await readFileAsText(file);
      // An FSM10 file is a simplified invoice whatever type was selected before.
      change({ format, content, type: sourceTypeOfContent(content) ?? source.type });
      setNotConverted(null);
      setFileName(file.name);
    } catch {
      setUploadError(t('messages.fileReadError'));
    }
  };

  const fail = (error: unknown) => {
    const described = describeFailure(error, []);
    setFailure(described);
    setValidated(false);
    enqueueSnackbar(
      {
        invalid: t('messages.invoiceNotValid'),
        detail: described.detail,
        server: t('messages.serverError'),
        generic: t('messages.genericError'),
      }[described.toast],
      { variant: 'error' },
    );
  };

  const run = async (step: 'validate' | 'submit') => {
    if (source.content.trim() === '') {
      setFailure({
        isValidation: false,
        lines: [{ path: 'generic', message: t('source.empty') }],
        toast: 'detail',
        detail: '',
      });
      return;
    }
    setBusy(step);
    setFailure(null);
    try {
      if (step === 'validate') {
        const result = await onValidate(source);
        if (!result.valid) throw new InvalidInvoiceResult(result);
        setValidated(true);
        enqueueSnackbar(t('messages.invoiceValid'), { variant: 'success' });
      } else {
        await onSubmit(source);
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const editorLabel = t('source.editor', { format: source.format.toUpperCase() });
  return (
    <Box>
      <FormFailureAlert failure={failure} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mb: 2 }}>
          <FormControl>
            <FormLabel id={typeLabelId}>{t('source.type')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={typeLabelId}
              value={source.type}
              onChange={(event) => change({ type: event.target.value as SourceType })}
            >
              <FormControlLabel
                value="simple"
                control={<Radio />}
                label={t('source.types.simple')}
              />
              <FormControlLabel
                value="simplified"
                control={<Radio />}
                label={t('source.types.simplified')}
              />
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id={formatLabelId}>{t('source.format')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={formatLabelId}
              value={source.format}
              onChange={(event) => void switchFormat(event.target.value as SourceFormat)}
            >
              <FormControlLabel value="json" control={<Radio />} label="JSON" />
              <FormControlLabel value="xml" control={<Radio />} label="XML" />
            </RadioGroup>
          </FormControl>
          <Box sx={{ alignSelf: 'center' }}>
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<UploadFileIcon />}
            >
              {t('source.upload')}
              <input
                id={inputId}
                type="file"
                hidden
                accept=".json,.xml,application/json,application/xml,text/xml"
                onChange={(event) => {
                  void onFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            {fileName && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('source.uploaded', { name: fileName })}
              </Typography>
            )}
          </Box>
        </Stack>
        {notConverted && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {notConverted}
          </Alert>
        )}
        {uploadError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {uploadError}
          </Alert>
        )}
        <Suspense fallback={<CircularProgress aria-label={t('source.loadingEditor')} />}>
          <SourceCodeEditor
            format={source.format}
            value={source.content}
            onChange={(content) => change({ content })}
            label={editorLabel}
          />
        </Suspense>
      </Paper>
      <SubmitBar
        validated={validated}
        busy={busy}
        submitLabel={submitLabel}
        onValidate={() => void run('validate')}
        onSubmit={() => void run('submit')}
        onCancel={onCancel}
      />
    </Box>
  );
}
