/**
 * The upload dialog's form (spec 5 "Import form"): a file (required; .xml, .p7m or .zip within
 * the size of its kind), the chosen folder ('/' by default) and, optionally, a new folder to
 * create in it. Messages are the spec's English wording, translated by `upload.validation.*`.
 */
import { z } from 'zod';
import { folderNameProblem, maxBytesOf, transferFileKind } from './upload-rules';

export const uploadMessages = {
  required: 'Required',
  fileType: 'The file must be an invoice (.xml or .xml.p7m) or a zip of invoices (.zip).',
  invoiceTooLarge: 'The invoice file is too large.',
  zipTooLarge: 'The zip file is too large.',
  folderSlash: 'A folder name may not hold "/".',
  folderDots: 'A folder may not be named "." or "..".',
  folderSpaces: 'A folder name may not start or end with a space.',
  folderTooLong: 'A folder name is too long.',
} as const;

export type UploadMessageKey = keyof typeof uploadMessages;

const keysByMessage = new Map<string, string>(
  Object.entries(uploadMessages).map(([key, message]) => [message, key]),
);

/** The i18n key (under `upload.validation`) of a known message, or undefined. */
export function uploadMessageKey(message: string): string | undefined {
  return keysByMessage.get(message);
}

const folderMessages = {
  slash: uploadMessages.folderSlash,
  dots: uploadMessages.folderDots,
  spaces: uploadMessages.folderSpaces,
  tooLong: uploadMessages.folderTooLong,
} as const;

export const uploadFormSchema = z
  .object({
    file: z.custom<File | null>((value) => value === null || value instanceof Blob),
    folder: z.string(),
    new_folder: z.string(),
  })
  .superRefine((values, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const { file } = values;
    if (!file) issue('file', uploadMessages.required);
    else {
      const kind = transferFileKind(file.name);
      if (!kind) issue('file', uploadMessages.fileType);
      else if (file.size > maxBytesOf(kind))
        issue('file', kind === 'zip' ? uploadMessages.zipTooLarge : uploadMessages.invoiceTooLarge);
    }
    const problem = folderNameProblem(values.new_folder);
    if (problem) issue('new_folder', folderMessages[problem]);
  });

export type UploadFormValues = z.input<typeof uploadFormSchema>;

export const emptyUploadValues: UploadFormValues = { file: null, folder: '/', new_folder: '' };
