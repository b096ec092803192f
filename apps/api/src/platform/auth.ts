import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import type { PlatformId, TokenPayload } from '@fiscus/contracts';
import { SWITCH_USER_HEADER } from '@fiscus/contracts';
import type { StoredRoles, UserRow } from '../db/schema/index.ts';
import { forbidden, notFound, unauthorized } from './problem-errors.ts';
import { hasRole, ROLE_ADMIN, toTokenRoles } from './roles.ts';

/** Who a request acts as. When an admin impersonates, `user` is the target, `impersonator` the admin. */
export type Actor = { user: UserRow; roles: StoredRoles; impersonator: UserRow | null };

export type AccountLookup = {
  findById(id: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: verifies the bearer token and sets `request.actor` (or answers 401/403/404). */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Signs a 24 h token for an account. */
    signToken(user: UserRow): string;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The authenticated actor of a request whose route ran `app.authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export async function registerAuth(
  app: FastifyInstance,
  options: { secret: string; platformKeys: Record<PlatformId, string>; accounts: AccountLookup },
): Promise<void> {
  const { platformKeys, accounts } = options;
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_SECONDS },
    // A token without `exp` would never expire: every token we sign has one, so refuse it.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });

  app.decorateRequest('actor', null);

  app.decorate('signToken', (user: UserRow) =>
    app.jwt.sign({
      username: user.email,
      uid: user.id,
      roles: toTokenRoles(user.roles, platformKeys),
      // For a sub-account the account (parent) id is its manager's.
      pid: user.parentId ?? user.id,
      ver: user.tokenVersion,
    } satisfies Omit<TokenPayload, 'iat' | 'exp'>),
  );

  app.decorate('authenticate', async (request: FastifyRequest) => {
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw unauthorized('Expired JWT Token');
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw unauthorized('JWT Token not found');
      throw unauthorized('Invalid JWT Token');
    }
    if (typeof payload.uid !== 'string' || !isUuid(payload.uid))
      throw unauthorized('Invalid JWT Token');
    const user = await accounts.findById(payload.uid);
    // A deleted or disabled account loses access at once, even with an unexpired token; a token
    // signed before a password change or reset, a disable or a removed role carries an older
    // version. Tokens signed before versions existed have none: they count as version 0.
    if (!user || !user.enabled || (payload.ver ?? 0) !== user.tokenVersion) {
      throw unauthorized('Invalid JWT Token');
    }

    const switchTo = request.headers[SWITCH_USER_HEADER];
    if (switchTo === undefined || switchTo === '') {
      request.actor = { user, roles: user.roles, impersonator: null };
      return;
    }
    // The stored roles decide, not the token's `roles` claim: a removed ROLE_ADMIN ends switching.
    if (!hasRole(user.roles, 'common', ROLE_ADMIN)) {
      request.log.warn(
        { user: user.email, target: switchTo },
        'impersonation refused: not an admin',
      );
      throw forbidden('Only administrators can switch user.');
    }
    const targetEmail =
      (Array.isArray(switchTo) ? switchTo[0] : switchTo)?.trim().toLowerCase() ?? '';
    const target = targetEmail ? await accounts.findByEmail(targetEmail) : undefined;
    if (!target) throw notFound(`User "${targetEmail}" not found.`);
    // 403, not 404: the administrator may know the account exists, but nobody acts as it.
    if (!target.enabled) throw forbidden(`User "${target.email}" is disabled.`);
    request.log.info({ admin: user.email, target: target.email }, 'admin switched user');
    request.actor = { user: target, roles: target.roles, impersonator: user };
  });
}
