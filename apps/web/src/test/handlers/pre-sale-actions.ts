/**
 * An in-memory `/api/common/pre-sale-actions` resource: list, create, update and delete, with the
 * API's own request rules (a 422 with violations for a body it would refuse).
 */
import { preSaleActionRequestSchema, type PreSaleAction } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { samplePreSale } from './dashboard';
import { apiUrl, hydraCollection, notFound, parseBody } from './http';

export const samplePreSaleAction: PreSaleAction = {
  uuid: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  pre_sale_uuid: samplePreSale.uuid,
  threshold: 100,
  action_type: 'alert_mail',
  target: 'finance@demo.fiscus.test',
  enabled: true,
  running: false,
  created_at: '2026-01-31T10:00:00.000Z',
  updated_at: '2026-01-31T10:00:00.000Z',
};

export function preSaleActionsHandlers(
  seed: PreSaleAction[] = [samplePreSaleAction],
  now = '2026-02-01T10:00:00.000Z',
) {
  const actions = [...seed];
  const collection = apiUrl('common', '/pre-sale-actions');
  const item = apiUrl('common', '/pre-sale-actions/:uuid');
  const find = (uuid: unknown) => actions.findIndex((action) => action.uuid === uuid);
  return [
    http.get(collection, () => hydraCollection(actions)),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, preSaleActionRequestSchema);
      if (!body.ok) return body.response;
      const created: PreSaleAction = {
        enabled: true,
        ...body.data,
        uuid: crypto.randomUUID(),
        running: false,
        created_at: now,
        updated_at: now,
      };
      actions.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(item, async ({ request, params }) => {
      const index = find(params.uuid);
      if (index < 0) return notFound();
      const body = await parseBody(request, preSaleActionRequestSchema);
      if (!body.ok) return body.response;
      const updated = { ...actions[index]!, ...body.data, updated_at: now };
      actions[index] = updated;
      return HttpResponse.json(updated);
    }),
    http.delete(item, ({ params }) => {
      const index = find(params.uuid);
      if (index < 0) return notFound();
      actions.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
