/**
 * Mode 2 from the console (`?dialogId=ksefToken&dialog_uuid=…`): connects a legal entity with a
 * KSeF authorisation token generated for its NIP (`autoSelect: true`), instead of a signed file.
 * A sandbox instance offers a token made as the taxpayer's KSeF application would make one, so
 * the step can be rehearsed. KSeF's refusal shows on the field.
 */
import type { PlLegalEntity } from '@fiscus/contracts';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, TextField } from '../../../components/form';
import { clientErrorDetail } from '../../../lib/hydra';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useConnectWithToken, useSandboxToken } from '../api/legal-entity-actions';
import {
  ksefTokenFormSchema,
  TOKEN_MAX_LENGTH,
  type KsefTokenFormValues,
} from '../model/ksef-token-form';
import { useLegalEntityMessage } from './use-legal-entity-message';

function SandboxTokenButton({
  uuid,
  form,
}: {
  uuid: string;
  form: UseFormReturn<KsefTokenFormValues, unknown, KsefTokenFormValues>;
}) {
  const { t } = useTranslation('plLegalEntities');
  const { enqueueSnackbar } = useSnackbar();
  const sandboxToken = useSandboxToken();
  const fill = async () => {
    try {
      const { authorizationToken } = await sandboxToken.mutateAsync(uuid);
      form.setValue('authorizationToken', authorizationToken, {
        shouldDirty: true,
        shouldValidate: true,
      });
      form.setFocus('authorizationToken');
    } catch (error) {
      enqueueSnackbar(clientErrorDetail(error) || t('errors.generic', { ns: 'common' }), {
        variant: 'error',
      });
    }
  };
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<KeyIcon />}
          loading={sandboxToken.isPending}
          onClick={() => void fill()}
        >
          {t('actions.sandboxToken')}
        </Button>
      }
    >
      {t('ksefToken.sandbox')}
    </Alert>
  );
}

export function KsefTokenDialog({
  entity,
  onClose,
}: {
  entity: PlLegalEntity;
  onClose: () => void;
}) {
  const { t } = useTranslation('plLegalEntities');
  const translate = useLegalEntityMessage();
  const connect = useConnectWithToken();
  const sandbox = getRuntimeConfig().sandbox;
  return (
    <FormDialog
      title={t('ksefToken.title')}
      ns="plLegalEntities"
      schema={ksefTokenFormSchema}
      defaultValues={{ authorizationToken: '' }}
      translateMessage={translate}
      onSubmit={(values) =>
        connect.mutateAsync({ uuid: entity.uuid, authorizationToken: values.authorizationToken })
      }
      successMessage={(saved) => t('messages.connected', { name: saved.name })}
      failureMessage={(failure) =>
        failure.isValidation ? undefined : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.connect')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography>{t('ksefToken.intro', { name: entity.name, nip: entity.nip })}</Typography>
          {sandbox && <SandboxTokenButton uuid={entity.uuid} form={form} />}
          <TextField
            name="authorizationToken"
            required
            multiline
            minRows={2}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: TOKEN_MAX_LENGTH, spellCheck: false } }}
          />
        </>
      )}
    </FormDialog>
  );
}
