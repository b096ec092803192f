import {
  acceptOnlyVerifiedRequestSchema,
  meResponseSchema,
  passwordChangeRequestSchema,
  passwordChangeResponseSchema,
  profileSchema,
  profileUpdateRequestSchema,
  userSettingsSchema,
} from '@fiscus/contracts';
import { anyAccount, itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { UsersService } from './users.service.ts';

/** The signed-in login's own account: itself, its settings, profile and password. */
export const usersRoutes = resourceRoutes({
  tags: ['common: users'],
  access: anyAccount,
  routes: ({ service }: { service: UsersService }) => [
    itemRoute('GET', '/users/me', {
      summary: 'The signed-in (or impersonated) user',
      response: meResponseSchema,
      handle: ({ actor }) => service.me(actor),
    }),
    itemRoute('GET', '/users/me/settings', {
      response: userSettingsSchema,
      handle: ({ actor }) => service.settings(actor),
    }),
    itemRoute('GET', '/users/me/profile', {
      response: profileSchema,
      handle: ({ actor }) => service.profile(actor),
    }),
    itemRoute('PUT', '/users/me/profile', {
      description: 'email, invoicing_vat_number and invoicing_fiscal_id are read-only and ignored.',
      body: profileUpdateRequestSchema,
      response: profileSchema,
      handle: ({ actor, body }) => service.updateProfile(actor, body),
    }),
    itemRoute('PUT', '/users/me/password', {
      summary: 'Change the password; every older token ends, the answer carries a new one',
      body: passwordChangeRequestSchema,
      response: passwordChangeResponseSchema,
      handle: ({ actor, body }) => service.changePassword(actor, body),
    }),
    itemRoute('PUT', '/users/me/accept-only-verified-invoices', {
      body: acceptOnlyVerifiedRequestSchema,
      response: userSettingsSchema,
      handle: ({ actor, body }) => service.setAcceptOnlyVerified(actor, body),
    }),
  ],
});
