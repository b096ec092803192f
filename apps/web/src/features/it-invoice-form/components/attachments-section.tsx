import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldLimits } from '../model/field-limits';
import { readFileAsBase64 } from '../../../lib/read-file';
import type { FieldSpec } from './field-spec';
import { FieldGrid } from './form-section';
import { RepeatableGroupItems } from './repeatable-group-items';

const attachmentFields: FieldSpec[] = [
  { path: 'nome_attachment', required: true, maxLength: fieldLimits.nome_attachment.max, size: 5 },
  {
    path: 'formato_attachment',
    upper: true,
    maxLength: fieldLimits.formato_attachment.max,
    size: 2,
  },
  { path: 'descrizione_attachment', maxLength: 100, size: 5 },
];

/** The extension FatturaPA's FormatoAttachment expects (PDF, XML, …), at most 10 characters. */
function formatOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0
    ? fileName
        .slice(dot + 1)
        .toUpperCase()
        .slice(0, fieldLimits.formato_attachment.max)
    : '';
}

/** Allegati: each chosen file is embedded as base64 with its name and format. */
export function AttachmentsSection({ name }: { name: string }) {
  const { t } = useTranslation('invoiceForm');
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const [readError, setReadError] = useState(false);
  const inputId = useId();
  const headingId = useId();

  const onFiles = async (files: FileList | null) => {
    setReadError(false);
    for (const file of Array.from(files ?? [])) {
      try {
        append({
          nome_attachment: file.name.slice(0, fieldLimits.nome_attachment.max),
          formato_attachment: formatOf(file.name),
          descrizione_attachment: '',
          attachment: await readFileAsBase64(file),
        });
      } catch {
        setReadError(true);
      }
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 2, fontWeight: 600 }}>
        {t('sections.allegati')}
      </Typography>
      <RepeatableGroupItems
        items={fields}
        title={(index) => t('groupItem', { group: t('groups.allegati'), number: index + 1 })}
        onRemove={remove}
        render={(index) => <FieldGrid base={`${name}.${index}`} fields={attachmentFields} />}
      />
      {readError && (
        <Typography color="error" variant="body2">
          {t('messages.fileReadError')}
        </Typography>
      )}
      <Button component="label" htmlFor={inputId} size="small" startIcon={<AttachFileIcon />}>
        {t('actions.attachFile')}
        <input
          id={inputId}
          type="file"
          hidden
          multiple
          onChange={(event) => {
            void onFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </Button>
    </Paper>
  );
}
