/**
 * The `dialogId` of each dialog of the transfers screen in the URL (`?dialogId=…&dialog_uuid=…`),
 * kept apart from the dialogs so the list links to them without loading them.
 */
export const TRANSFER_DIALOG_ID = 'transfer';
export const VIOLATIONS_DIALOG_ID = 'transfer-violations';
export const UPLOAD_DIALOG_ID = 'transfer-upload';
