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
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody, unprocessable } from './http';

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
  const accounts = [...seed];
  const collection = apiUrl('common', '/users/me/accounts');
  const item = apiUrl('common', '/users/me/accounts/:email');
  const find = (email: unknown) => accounts.findIndex((account) => account.email === email);
  return [
    http.get(collection, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const email = query.get('email') ?? '';
      const fiscalId = query.get('fiscal_id') ?? '';
      const enabled = query.get('enabled');
      return hydraCollection(
        accounts.filter(
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
      if (find(body.data.email) >= 0) {
        return unprocessable([
          {
            propertyPath: 'email',
            message: 'This email is already used.',
            code: violationCodes.alreadyUsed,
          },
        ]);
      }
      const created: SubAccount = {
        email: body.data.email,
        fiscal_id: body.data.fiscal_id,
        fullname: body.data.fullname ?? null,
        enabled: body.data.enabled ?? true,
        created_at: now,
      };
      accounts.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get(item, ({ params }) => {
      const index = find(params.email);
      return index < 0 ? notFound() : HttpResponse.json(accounts[index]);
    }),
    http.put(item, async ({ request, params }) => {
      const index = find(params.email);
      if (index < 0) return notFound();
      const body = await parseBody(request, subAccountUpdateRequestSchema);
      if (!body.ok) return body.response;
      const updated = { ...accounts[index]!, ...body.data };
      accounts[index] = updated;
      return HttpResponse.json(updated);
    }),
    http.delete(item, ({ params }) => {
      const index = find(params.email);
      if (index < 0) return notFound();
      accounts.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
