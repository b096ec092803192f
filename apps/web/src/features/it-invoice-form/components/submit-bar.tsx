import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form';

/** Apple keyboards say ⌘ where the others say Ctrl. */
const onApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * One button for both steps (spec 4 "Form validity"): it reads 'validate schema' until the
 * server accepted the current content, then 'submit'. The form resets `validated` on any change
 * or failed validation, which turns the button back into 'validate schema'. The kit's form
 * buttons, kept in sight at the bottom of the long form. After a successful validation the
 * focus moves to the now enabled submit button, so Enter or Space submits next.
 *
 * Ctrl+Enter (⌘+Enter on Apple keyboards) anywhere in the form presses that button, as the
 * bar says next to it: a keyboard user need not Tab through the whole invoice to reach it.
 */
export function SubmitBar({
  validated,
  busy,
  submitLabel,
  onValidate,
  onSubmit,
  onCancel,
}: {
  validated: boolean;
  busy: 'validate' | 'submit' | null;
  submitLabel?: string;
  onValidate: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoiceForm');
  const bar = useRef<HTMLDivElement>(null);
  const mainButton = () => bar.current?.querySelector<HTMLButtonElement>('button:last-of-type');
  useEffect(() => {
    if (validated) mainButton()?.focus();
  }, [validated]);

  // The latest step, read by the listener below without re-adding it.
  const press = useRef<() => void>(() => undefined);
  useEffect(() => {
    press.current = () => {
      if (busy !== null) return;
      if (validated) onSubmit();
      else onValidate();
    };
  });
  useEffect(() => {
    // The form (or the source tab) holding the bar; capturing, so the source editor's own
    // Ctrl+Enter (a new line) does not run first.
    const scope = bar.current?.parentElement;
    if (!scope) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      event.stopPropagation();
      press.current();
    };
    scope.addEventListener('keydown', onKeyDown, true);
    mainButton()?.setAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    return () => scope.removeEventListener('keydown', onKeyDown, true);
  }, []);

  const mainLabel = validated ? (submitLabel ?? t('actions.submit')) : t('actions.validate');
  return (
    <Paper ref={bar} elevation={3} sx={{ position: 'sticky', bottom: 0, p: 1.5, mt: 2, zIndex: 1 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }}
        >
          {t('actions.shortcut', { keys: onApple ? '⌘+Enter' : 'Ctrl+Enter', action: mainLabel })}
        </Typography>
        <FormActions
          cancelLabel={t('actions.cancel')}
          onCancel={onCancel}
          submitLabel={mainLabel}
          onSubmit={validated ? onSubmit : onValidate}
          busy={busy !== null}
          cancelWhileBusy={false}
        />
      </Stack>
    </Paper>
  );
}
