import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hydraCollectionSchema, withPropertyFilter } from '@fiscus/contracts';
import type { Actor } from '../auth.ts';
import { actorOf } from '../auth.ts';
import type { CollectionPage } from '../db/collection-query.ts';
import { collectionResponse, sendCollection } from '../hydra.ts';

/*
 * One way to declare a resource's routes: each route names its contract (zod schemas from
 * @fiscus/contracts), the access rule checked first and the service call; the resource sets its
 * OpenAPI tags, the bearer security and the authenticate hook once. Every declared route is a
 * plain Fastify route with its schema, so it is in the OpenAPI document and the hostile-input
 * walk of test/security picks it up by existing.
 *
 *   export const preSaleActionsRoutes = resourceRoutes({
 *     tags: ['common: pre-sale actions'],
 *     access: anyAccount,
 *     routes: ({ service }: { service: PreSaleActionsService }) => [
 *       collectionRoute('/pre-sale-actions', {
 *         querystring: preSaleActionListQuerySchema,
 *         member: preSaleActionSchema,
 *         handle: ({ actor, query }) => service.list(actor, query),
 *       }),
 *       itemRoute('POST', '/pre-sale-actions', { … status: 201, … }),
 *     ],
 *   });
 */

/**
 * A role rule, run before the service with the authenticated actor; it throws a problem (403)
 * to refuse. It runs after the request's contract is checked, so a malformed request stays a 400
 * or 422 whoever sends it. Ownership (a foreign id answers 404) is the repository's, not this.
 */
export type AccessRule = (actor: Actor) => void;

/** Every signed-in account may call the route; what it reaches is scoped by its owner. */
export const anyAccount: AccessRule = () => undefined;

type Schema = z.ZodType | undefined;
type Parsed<T extends Schema> = T extends z.ZodType ? z.output<T> : unknown;

/** The request's contract: params, query string, body and headers schemas, each optional. */
type Schemas<P extends Schema, Q extends Schema, B extends Schema, H extends Schema> = {
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: H;
};

/** What a route's service call receives: the actor and the request's checked parts. */
export type RouteInput<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  H extends Schema = undefined,
> = {
  actor: Actor;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  headers: Parsed<H>;
  request: FastifyRequest;
  reply: FastifyReply;
};

type AnyInput = RouteInput<Schema, Schema, Schema, Schema>;

type Documentation = {
  summary?: string;
  description?: string;
  /** This route's rule instead of the resource's. */
  access?: AccessRule;
  /** Error answers the route documents (problem schemas), by status. */
  errors?: Record<number, z.ZodType>;
};

/** One declared route, ready to mount; built by `collectionRoute`, `itemRoute`, `noContentRoute`. */
export type ResourceRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema: Record<string, unknown>;
  access: AccessRule | undefined;
  answer(input: AnyInput): Promise<unknown>;
};

function contract(
  spec: Schemas<Schema, Schema, Schema, Schema> & Documentation,
  response: Record<number, unknown>,
) {
  const schema: Record<string, unknown> = {};
  if (spec.summary !== undefined) schema.summary = spec.summary;
  if (spec.description !== undefined) schema.description = spec.description;
  if (spec.headers) schema.headers = spec.headers;
  if (spec.params) schema.params = spec.params;
  if (spec.querystring) schema.querystring = spec.querystring;
  if (spec.body) schema.body = spec.body;
  schema.response = { ...response, ...spec.errors };
  return schema;
}

/**
 * `GET url`: a page of members, hydra:Collection or bare array by `Accept`. The query schema is
 * the collection's (page, itemsPerPage, its filters) with the property filter added; the route
 * validates it once and the repository reads the filters into SQL.
 */
export function collectionRoute<
  Q extends z.ZodObject,
  M extends z.ZodType,
  P extends Schema = undefined,
  H extends Schema = undefined,
>(
  url: string,
  spec: Schemas<P, Q, undefined, H> &
    Documentation & {
      querystring: Q;
      member: M;
      /**
       * Members may lack properties: under the property filter (`properties[]`) a list may read
       * only the columns asked for (the invoice lists do).
       */
      handle(input: RouteInput<P, Q, undefined, H>): Promise<CollectionPage<Partial<z.input<M>>>>;
    },
): ResourceRoute {
  return {
    method: 'GET',
    url,
    schema: contract(
      { ...spec, querystring: withPropertyFilter(spec.querystring) },
      {
        200: collectionResponse(z.array(spec.member), hydraCollectionSchema(spec.member)),
      },
    ),
    access: spec.access,
    answer: async (input) => {
      const page = await spec.handle(input as RouteInput<P, Q, undefined, H>);
      return sendCollection(input.request, input.reply, page);
    },
  };
}

/** A route answering one JSON body under `status` (200 by default), e.g. get, create, update. */
export function itemRoute<
  R extends z.ZodType,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  H extends Schema = undefined,
>(
  method: ResourceRoute['method'],
  url: string,
  spec: Schemas<P, Q, B, H> &
    Documentation & {
      response: R;
      status?: 200 | 201 | 202;
      handle(input: RouteInput<P, Q, B, H>): z.input<R> | Promise<z.input<R>>;
    },
): ResourceRoute {
  const status = spec.status ?? 200;
  return {
    method,
    url,
    schema: contract(spec, { [status]: spec.response }),
    access: spec.access,
    answer: async (input) =>
      input.reply.code(status).send(await spec.handle(input as RouteInput<P, Q, B, H>)),
  };
}

/** A route answering 204 with no body, e.g. delete. */
export function noContentRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  H extends Schema = undefined,
>(
  method: ResourceRoute['method'],
  url: string,
  spec: Schemas<P, Q, B, H> &
    Documentation & { handle(input: RouteInput<P, Q, B, H>): Promise<void> },
): ResourceRoute {
  return {
    method,
    url,
    schema: contract(spec, { 204: z.undefined() }),
    access: spec.access,
    answer: async (input) => {
      await spec.handle(input as RouteInput<P, Q, B, H>);
      return input.reply.code(204).send();
    },
  };
}

export type ResourceDeclaration<Deps> = {
  /** OpenAPI tags of every route of the resource. */
  tags: string[];
  /** The rule every route checks first, unless the route names its own. */
  access: AccessRule;
  routes(deps: Deps): ResourceRoute[];
  /**
   * Irregular routes (content negotiation, file downloads, raw bodies) written by hand with the
   * same tags, security and authenticate hook; their service checks its access rule itself.
   */
  handWritten?(
    app: ZodApp,
    deps: Deps,
    shared: { tags: string[]; security: { bearerAuth: never[] }[] },
  ): Promise<void> | void;
};

/** A Fastify instance whose routes are typed by their zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

const security = [{ bearerAuth: [] as never[] }];

/** The Fastify plugin mounting a resource: authenticate hook once, then every declared route. */
export function resourceRoutes<Deps>(declaration: ResourceDeclaration<Deps>) {
  return async (app: FastifyInstance, deps: Deps): Promise<void> => {
    app.addHook('onRequest', app.authenticate);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    for (const route of declaration.routes(deps)) {
      const access = route.access ?? declaration.access;
      typed.route({
        method: route.method,
        url: route.url,
        schema: { tags: declaration.tags, security, ...route.schema },
        handler: async (request, reply) => {
          const actor = actorOf(request);
          access(actor);
          return route.answer({
            actor,
            params: request.params,
            query: request.query,
            body: request.body,
            headers: request.headers,
            request,
            reply,
          });
        },
      });
    }
    await declaration.handWritten?.(typed, deps, { tags: declaration.tags, security });
  };
}
