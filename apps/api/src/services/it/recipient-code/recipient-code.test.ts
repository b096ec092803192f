import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/it/users/me/recipient-code';

describe('GET /api/it/users/me/recipient-code', () => {
  it('returns the code to a user with an Italian role', async () => {
    const { token } = await t.createUser({
      roles: { it: ['ROLE_INVOICING'] },
      recipientCode: 'ABC1234',
    });
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recipient_code: 'ABC1234' });
  });

  it('is forbidden without any role in the it platform', async () => {
    const { token } = await t.createUser({
      roles: { common: ['ROLE_USER'], pl: ['ROLE_USER'] },
      recipientCode: 'ABC1234',
    });
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('needs a token', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});
