import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signaturePublicKeySchema } from '@fiscus/contracts';
import type { WebhookSigningKey } from './signing-key.ts';

/**
 * `GET /signature-public-key` (mounted under /api/common): the public half of the key that signs
 * every webhook, as JWK and PEM, so receivers can verify RFC 9421 signatures. Public on purpose.
 */
export const signaturePublicKeyRoutes: FastifyPluginAsyncZod<{
  key: () => Promise<WebhookSigningKey>;
}> = async (app, { key }) => {
  app.get(
    '/signature-public-key',
    {
      schema: {
        tags: ['common: webhooks'],
        description:
          'Ed25519 public key verifying webhook signatures (RFC 9421, keyid in Signature-Input).',
        response: { 200: signaturePublicKeySchema },
      },
    },
    async () => {
      const signingKey = await key();
      const { kty = '', crv = '', x = '' } = signingKey.publicJwk;
      return {
        keyid: signingKey.keyId,
        alg: 'ed25519' as const,
        jwk: { kty, crv, x, kid: signingKey.keyId, alg: 'EdDSA', use: 'sig' },
        pem: signingKey.publicPem,
      };
    },
  );
};
