/**
 * An in-memory `/api/common/pre-sale-actions` resource: list, create, update and delete, with the
 * API's own request rules (a 422 with violations for a body it would refuse).
 */
import { preSaleActionRequestSchema, type PreSaleAction } from '@fiscus/contracts';
import { http } from 'msw';
import { samplePreSale } from './dashboard';
import { apiUrl, hydraCollection, parseBody } from './http';
import { memoryResource } from './memory-resource';

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
  const actions = memoryResource(seed, (action) => action.uuid, 'uuid');
  const collection = apiUrl('common', '/pre-sale-actions');
  const item = apiUrl('common', '/pre-sale-actions/:uuid');
  return [
    http.get(collection, () => hydraCollection(actions.items)),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, preSaleActionRequestSchema);
      if (!body.ok) return body.response;
      return actions.create({
        enabled: true,
        ...body.data,
        uuid: crypto.randomUUID(),
        running: false,
        created_at: now,
        updated_at: now,
      });
    }),
    http.put(item, ({ request, params }) =>
      actions.update(params, async (current) => {
        const body = await parseBody(request, preSaleActionRequestSchema);
        return body.ok ? { ...current, ...body.data, updated_at: now } : body.response;
      }),
    ),
    http.delete(item, actions.remove),
  ];
}
