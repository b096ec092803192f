/**
 * `POST /api/common/login`: the demo accounts (`<persona>@demo.fiscus.test`) with the demo
 * password get a token with invoicing roles; anything else is the API's 401.
 */
import { http, HttpResponse } from 'msw';
import { fakeToken } from '../fake-token';
import { apiUrl, problem } from './http';

/** The password of every demo account (README). */
export const demoPassword = 'Fiscus!demo1';

export function authHandlers() {
  return [
    http.post(apiUrl('common', '/login'), async ({ request }) => {
      const { email, password } = (await request.json()) as { email: string; password: string };
      if (!email.endsWith('@demo.fiscus.test') || password !== demoPassword) {
        return problem(401, 'Unauthorized', 'Invalid credentials');
      }
      return HttpResponse.json({
        token: fakeToken({ it: ['ROLE_INVOICING'] }, { username: email }),
      });
    }),
  ];
}
