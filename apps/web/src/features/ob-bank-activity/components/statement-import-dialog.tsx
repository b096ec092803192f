/**
 * Import a bank statement (`?dialogId=import`, issue 36): one of the registry's enabled accounts
 * and a camt.053 or camt.054 XML file, sent as it is; then what it brought (entries, new,
 * already known, matched to invoices, suggestions to confirm). A refused file shows the API's
 * violations and its detail.
 */
import type { ObStatementImport } from '@fiscus/contracts';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { DialogFrame, FileField, FormBody, SelectField } from '../../../components/form';
import { DetailsList } from '../../../components/list-kit';
import { activityQueries, useImportStatement } from '../api/activity-queries';

/** The account choice that lets the file name its account (found by IBAN, or made). */
export const FROM_FILE = 'from-file';

const statementSchema = z.object({
  account: z.string().min(1, { error: validationMessages.notBlank }),
  file: z.instanceof(File, { error: validationMessages.notBlank }),
});
type StatementInput = { account: string; file: File | null };

export function StatementImportDialog({
  fiscalId,
  onClose,
}: {
  fiscalId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBankActivity');
  const accounts = useQuery(activityQueries.accounts(fiscalId));
  const enabled = (accounts.data?.items ?? []).filter((account) => account.enabled);
  const names = new Map(enabled.map((account) => [account.uuid, account.name]));
  const importStatement = useImportStatement();
  const [result, setResult] = useState<ObStatementImport | null>(null);
  return (
    <DialogFrame
      open
      title={t('statement.title')}
      onClose={onClose}
      load={{
        isPending: accounts.isPending,
        isError: accounts.isError,
        pendingLabel: t('statement.loading'),
        errorText: t('table.error', { ns: 'listKit' }),
        cancelLabel: t('actions.close'),
      }}
    >
      {result ? (
        <>
          <DialogContent>
            <DetailsList
              items={[
                ...(result.accountCreated
                  ? [
                      {
                        label: t('statement.result.account'),
                        value: t('statement.result.accountCreated'),
                      },
                    ]
                  : []),
                ...(['entries', 'added', 'alreadyKnown', 'matched', 'suggested'] as const).map(
                  (field) => ({ label: t(`statement.result.${field}`), value: result[field] }),
                ),
              ]}
            />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('actions.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <FormBody<StatementInput, z.output<typeof statementSchema>, ObStatementImport>
          ns="obBankActivity"
          schema={
            statementSchema as unknown as z.ZodType<
              z.output<typeof statementSchema>,
              StatementInput
            >
          }
          defaultValues={{
            account:
              enabled.length === 1 ? enabled[0]!.uuid : enabled.length === 0 ? FROM_FILE : '',
            file: null,
          }}
          fields={['account', 'file']}
          onSubmit={async (values) => {
            const imported = await importStatement.mutateAsync({
              fiscalId,
              account: values.account === FROM_FILE ? undefined : values.account,
              file: values.file,
            });
            setResult(imported);
            return imported;
          }}
          keepOpen={() => true}
          successMessage={t('statement.imported')}
          failureMessage={(failure) =>
            failure.detail !== '' ? failure.detail : t('errors.generic', { ns: 'common' })
          }
          submitLabel={t('statement.submit')}
          cancelLabel={t('actions.cancel')}
          onClose={onClose}
        >
          <SelectField
            name="account"
            label={t('statement.fields.account')}
            required
            options={[...enabled.map((account) => account.uuid), FROM_FILE]}
            optionLabel={(uuid) =>
              uuid === FROM_FILE ? t('statement.fromFile') : (names.get(uuid) ?? uuid)
            }
            help={t('statement.fromFileHint')}
          />
          <FileField
            name="file"
            label={t('statement.fields.file')}
            accept=".xml,application/xml,text/xml"
            required
            emptyLabel={t('statement.chooseFile')}
            hint={t('statement.hint')}
          />
        </FormBody>
      )}
    </DialogFrame>
  );
}
