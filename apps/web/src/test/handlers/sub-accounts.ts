/**
 * An in-memory `/api/common/users/me/accounts` resource (a manager's sub-accounts): the list with
 * its email, fiscal id and enabled filters, create (422 for a used email, like the API), update
 * and delete.
 */
import {
  subAccountCreateRequestSchema,
  subAccountUpdateRequestSchema,
  violationCodes,
  type SubAccount,
} from '@fiscus/contracts';
import { http } from 'msw';
import { apiUrl, hydraCollection, parseBody, unprocessable } from './http';
import { memoryResource } from './memory-resource';

export const sampleSubAccount: SubAccount = {
  email: 'sub@demo.fiscus.test',
  fiscal_id: 'SBUDMO80A01F205X',
  fullname: 'Sub Demo',
  enabled: true,
  created_at: '2026-01-31T10:00:00.000Z',
};

export function subAccountsHandlers(
  seed: SubAccount[] = [sampleSubAccount],
  now = '2026-02-01T10:00:00.000Z',
) {
  const accounts = memoryResource(seed, (account) => account.email, 'email');
  const collection = apiUrl('common', '/users/me/accounts');
  const item = apiUrl('common', '/users/me/accounts/:email');
  return [
    http.get(collection, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const email = query.get('email') ?? '';
      const fiscalId = query.get('fiscal_id') ?? '';
      const enabled = query.get('enabled');
      return hydraCollection(
        accounts.items.filter(
          (account) =>
            account.email.includes(email) &&
            account.fiscal_id.includes(fiscalId) &&
            (enabled === null || String(account.enabled) === enabled),
        ),
      );
    }),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, subAccountCreateRequestSchema);
      if (!body.ok) return body.response;
      if (accounts.find({ email: body.data.email })) {
        return unprocessable([
          {
            propertyPath: 'email',
            message: 'This email is already used.',
            code: violationCodes.alreadyUsed,
          },
        ]);
      }
      return accounts.create({
        email: body.data.email,
        fiscal_id: body.data.fiscal_id,
        fullname: body.data.fullname ?? null,
        enabled: body.data.enabled ?? true,
        created_at: now,
      });
    }),
    http.get(item, accounts.read),
    http.put(item, ({ request, params }) =>
      accounts.update(params, async (current) => {
        const body = await parseBody(request, subAccountUpdateRequestSchema);
        return body.ok ? { ...current, ...body.data } : body.response;
      }),
    ),
    http.delete(item, accounts.remove),
  ];
}
