import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the routes' zod contracts; UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fiscus API',
        description:
          'Back-office API for e-invoicing. Errors are application/problem+json; collections answer hydra JSON-LD with Accept: application/ld+json.',
        version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The app-wide CSP (helmet) already fits the UI: its scripts are files, its styles may be inline.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
