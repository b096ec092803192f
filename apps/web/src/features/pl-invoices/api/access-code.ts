/**
 * The public page's two calls, without login (spec 2 "Public invoice access", 7): mail an access
 * code to the invoice's buyer (the answer names the masked address), then trade the typed code
 * for the access code every later call of the page carries.
 */
import { apiFetch } from '../../../lib/api-client';

const invoice = (uuid: string) => `/invoices/${encodeURIComponent(uuid)}`;

/** `POST /invoices/{uuid}/send-access-code`: where the code went, e.g. "j***@f***.pl". */
export async function sendAccessCode(uuid: string): Promise<string> {
  const answer = await apiFetch<{ email: string }>('pl', `${invoice(uuid)}/send-access-code`, {
    method: 'POST',
    auth: false,
    as: 'json',
  });
  return answer.email;
}

/** `POST /invoices/{uuid}/activate-access-code`: the code the downloads then use. */
export async function activateAccessCode(uuid: string, accessCode: string): Promise<string> {
  const answer = await apiFetch<{ access_code: string }>(
    'pl',
    `${invoice(uuid)}/activate-access-code`,
    { method: 'POST', auth: false, json: { accessCode }, as: 'json' },
  );
  return answer.access_code;
}
