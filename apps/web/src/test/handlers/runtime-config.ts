/** `GET /config.json`: the runtime config the API serves by default (`../test-runtime-config`). */
import { http, HttpResponse } from 'msw';
import { testRuntimeConfig } from '../test-runtime-config';

export function runtimeConfigHandlers() {
  return [http.get('/config.json', () => HttpResponse.json(testRuntimeConfig))];
}
