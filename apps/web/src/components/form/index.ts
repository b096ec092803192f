/**
 * The form kit (ARCHITECTURE "The console"): a create/edit dialog is a `FormDialog` with fields
 * bound by name, a delete is a `DeleteDialog`; both own their dialog, alert, buttons and
 * snackbar. See docs/adding-a-resource.md "Forms".
 */
export { FormBody, FormDialog, useCommonFormLabels } from './form-dialog';
export type { FormBodyProps, FormDialogProps } from './form-dialog';
export { DialogFrame } from './dialog-frame';
export { FormActions } from './form-actions';
export type { FormActionsProps } from './form-actions';
export type { DialogFrameProps, DialogLoad } from './dialog-frame';
export { DeleteDialog } from './delete-dialog';
export type { DeleteDialogProps } from './delete-dialog';
export { ConfirmDialog } from './confirm-dialog';
export { useDiscardGuard } from './use-discard-guard';
export type { DiscardGuard } from './use-discard-guard';
export { TextField } from './text-field';
export type { TextFieldProps } from './text-field';
export { SelectField } from './select-field';
export type { SelectFieldProps } from './select-field';
export { NumberField } from './number-field';
export { SwitchField } from './switch-field';
export { CheckboxField } from './checkbox-field';
export { DateField } from './date-field';
export { FileField } from './file-field';
export type { FileFieldProps } from './file-field';
export { useFormField } from './use-form-field';
export type { FormFieldOptions } from './use-form-field';
export { FormKitProvider, useFormMessage, useFormNamespace } from './form-kit-context';
export {
  FieldRegistry,
  FieldRegistryProvider,
  useRegisterField,
  useRegisterFields,
} from './field-registry';
export {
  applyServerErrors,
  serverViolationMessage,
  useValidationMessage,
  validationMessageKey,
} from './form-errors';
export type { MessageTranslator, ServerFormError, ViolationField } from './form-errors';
export { ServerErrorAlert, alertLines } from './server-error-alert';
export type { AlertLine } from './server-error-alert';
