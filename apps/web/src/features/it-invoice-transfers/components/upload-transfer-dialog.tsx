/**
 * The import dialog of the transfers screen (spec 2, 5, 7): a file (FatturaPA XML, a signed
 * .p7m or a zip of them, with the limits said up front), the folder it goes into, chosen in the
 * lazily loaded tree of the account's folders, and optionally a new folder created there. The
 * upload answers at once; the transfers follow as the service reads the file, which the page
 * shows as progress. A refusal shows its violations on the file or folder and in the alert,
 * with a toast (spec 8 "Import").
 */
import type { TransferUploaded } from '@fiscus/contracts';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormDialog,
  TextField,
  useFormField,
  useValidationMessage,
  FileField,
} from '../../../components/form';
import { useUploadTransfer } from '../api/use-upload-transfer';
import { currentLanguage } from '../../../lib/i18n';
import { readFileAsBase64 } from '../../../lib/read-file';
import { emptyUploadValues, uploadFormSchema, uploadMessageKey } from '../model/upload-form';
import type { UploadFormValues } from '../model/upload-form';
import { TRANSFER_ACCEPT, uploadLimitsMb, uploadPath } from '../model/upload-rules';
import { FolderTree } from './folder-tree';

/** Translates the dialog's own messages; others through the common catalogue or as sent. */
/** A file's size in KB with one decimal, in the user's number format (12,5 in Italian). */
function kilobytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / 1024);
}

function useUploadMessage() {
  const { t } = useTranslation('invoiceTransfers');
  const translateCommon = useValidationMessage();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = uploadMessageKey(message);
      return key ? t(`upload.validation.${key}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}

function FolderField() {
  const { t } = useTranslation('invoiceTransfers');
  const { field, label } = useFormField('folder', { help: null });
  const selected = typeof field.value === 'string' ? field.value : '/';
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{label}</FormLabel>
      <FolderTree selected={selected} onSelect={field.onChange} label={label} />
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('upload.chosenFolder', { folder: selected })}
      </Typography>
    </FormControl>
  );
}

export function UploadTransferDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: (upload: TransferUploaded) => void;
}) {
  const { t } = useTranslation('invoiceTransfers');
  const upload = useUploadTransfer();
  const translateMessage = useUploadMessage();
  return (
    <FormDialog<UploadFormValues, UploadFormValues, TransferUploaded>
      title={t('upload.title')}
      ns="invoiceTransfers"
      schema={uploadFormSchema}
      defaultValues={emptyUploadValues}
      translateMessage={translateMessage}
      fieldOfViolation={(propertyPath, values) => {
        if (propertyPath === 'content') return 'file';
        if (propertyPath === 'path') return values.new_folder.trim() !== '' ? 'new_folder' : 'file';
        return undefined;
      }}
      onSubmit={async (values) => {
        const file = values.file;
        if (!file) throw new Error('No file');
        const path = uploadPath(values.folder, values.new_folder, file.name);
        const content = await readFileAsBase64(file);
        const uploaded = await upload.mutateAsync({ content, project: 'it', path });
        onUploaded(uploaded);
        return uploaded;
      }}
      successMessage={(uploaded) =>
        t('upload.done', { name: uploaded.original_file_name, folder: uploaded.reference })
      }
      failureMessage={() => t('upload.failed')}
      submitLabel={t('upload.submit')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <FileField
        name="file"
        accept={TRANSFER_ACCEPT}
        required
        help={null}
        emptyLabel={t('upload.noFile')}
        describeFile={(file) =>
          t('upload.chosen', { name: file.name, size: kilobytes(file.size, currentLanguage()) })
        }
        hint={t('upload.limits', { invoice: uploadLimitsMb.invoice, zip: uploadLimitsMb.zip })}
      />
      <FolderField />
      <TextField name="new_folder" />
    </FormDialog>
  );
}
