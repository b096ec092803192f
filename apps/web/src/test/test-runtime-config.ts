import type { RuntimeConfig } from '../lib/runtime-config';

/** The `/config.json` the API serves by default, for unit tests. */
export const testRuntimeConfig: RuntimeConfig = {
  services: {
    common: '/api/common',
    it: '/api/it',
    preservation: '/api/preservation',
    transfer: '/api/transfer',
    peppol: '/api/peppol',
    pl: '/api/pl',
    ob: '/api/ob',
  },
  platformKeys: {
    it: 'it',
    peppol: 'peppol',
    peppol_be: 'peppol_be',
    pl: 'pl',
    ob: 'ob',
    common: 'common',
    preservation: 'preservation',
    stripe: 'stripe',
    transfer: 'transfer',
  },
  sandbox: true,
  demoLogins: [],
  version: 'test',
};
