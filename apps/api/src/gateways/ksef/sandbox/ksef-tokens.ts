/*
 * KSeF tokens (`docs/tokeny-ksef.md`, `/tokens`): a NIP's permanent credential with a fixed set
 * of permissions, made by someone authenticated in the NIP's context (with CredentialsManage)
 * and returned once. Its text is KSeF's `<referenceNumber>|nip-<NIP>|<64 hex>` (the OpenAPI's
 * example, with `internalId-…` for that context type); the sandbox keeps only its SHA-256.
 * A token is Active at once (KSeF's Pending→Active takes a moment; nothing here waits for it).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ksefSandboxKsefTokens } from '../../../db/schema/index.ts';
import type {
  AuthenticationTokenStatus,
  GenerateTokenResponse,
  QueryTokensResponse,
  TokenPermissionType,
} from '../wire/api-types.ts';
import { ksefException, KsefForbiddenError } from './codes.ts';
import { tokenHash, type SandboxDeps } from './context.ts';
import { newReference } from './references.ts';
import { BodyReader } from './request-body.ts';
import type { AccessContext } from './auth.ts';

export const TOKEN_PERMISSIONS: readonly TokenPermissionType[] = [
  'InvoiceRead',
  'InvoiceWrite',
  'CredentialsRead',
  'CredentialsManage',
  'SubunitManage',
  'EnforcementOperations',
  'Introspection',
];

const TOKEN_STATUSES: readonly AuthenticationTokenStatus[] = [
  'Pending',
  'Active',
  'Revoking',
  'Revoked',
  'Failed',
];

export type StoredKsefToken = typeof ksefSandboxKsefTokens.$inferSelect;

/** Makes and keeps a token for the NIP; its text is returned once, never stored. */
export async function createKsefToken(
  deps: SandboxDeps,
  nip: string,
  permissions: readonly TokenPermissionType[],
  description: string,
): Promise<GenerateTokenResponse> {
  const now = deps.clock();
  const referenceNumber = newReference('EC', now);
  const token = `${referenceNumber}|nip-${nip}|${randomBytes(32).toString('hex')}`;
  await deps.db.insert(ksefSandboxKsefTokens).values({
    referenceNumber,
    tokenHash: tokenHash(token),
    contextNip: nip,
    description,
    permissions: [...permissions],
    status: 'Active',
    createdAt: now,
  });
  return { referenceNumber, token };
}

/** POST /tokens, in the caller's context and with at most the caller's permissions. */
export async function generateToken(
  deps: SandboxDeps,
  access: AccessContext,
  body: unknown,
): Promise<GenerateTokenResponse> {
  if (!access.permissions.includes('CredentialsManage')) {
    throw new KsefForbiddenError(
      'missing-permissions',
      'Brak wymaganych uprawnień do wykonania operacji w bieżącym kontekście.',
      { requiredAnyOfPermissions: ['CredentialsManage'], presentPermissions: access.permissions },
    );
  }
  const reader = new BodyReader(body);
  const permissions = reader.listOf('permissions', TOKEN_PERMISSIONS, true);
  const description = reader.string('description', { min: 5, max: 256 });
  reader.done();
  const missing = permissions.filter((permission) => !access.permissions.includes(permission));
  if (missing.length > 0) {
    throw ksefException('missingTokenPermissions', [
      `Brakujące uprawnienia: ${missing.join(', ')}.`,
    ]);
  }
  return createKsefToken(deps, access.nip, [...new Set(permissions)], description);
}

export async function findKsefToken(
  deps: SandboxDeps,
  token: string,
): Promise<StoredKsefToken | undefined> {
  const [row] = await deps.db
    .select()
    .from(ksefSandboxKsefTokens)
    .where(eq(ksefSandboxKsefTokens.tokenHash, tokenHash(token)));
  return row;
}

export async function ksefTokenByReference(
  deps: SandboxDeps,
  referenceNumber: string,
): Promise<StoredKsefToken | undefined> {
  const [row] = await deps.db
    .select()
    .from(ksefSandboxKsefTokens)
    .where(eq(ksefSandboxKsefTokens.referenceNumber, referenceNumber));
  return row;
}

export type TokenListQuery = {
  status?: readonly string[];
  description?: string;
  pageSize?: number;
  continuationToken?: string;
};

function offsetOf(continuationToken: string | undefined): number {
  if (!continuationToken) return 0;
  const text = Buffer.from(continuationToken, 'base64url').toString('utf8');
  const offset = Number(text.startsWith('offset:') ? text.slice(7) : Number.NaN);
  if (!Number.isSafeInteger(offset) || offset < 0) throw ksefException('continuationToken');
  return offset;
}

/**
 * GET /tokens: with CredentialsManage or CredentialsRead every token of the context; a caller
 * authenticated with a token and neither permission sees that token only. Newest first.
 */
export async function listTokens(
  deps: SandboxDeps,
  access: AccessContext,
  query: TokenListQuery,
): Promise<QueryTokensResponse> {
  const pageSize = query.pageSize ?? 10;
  if (!Number.isSafeInteger(pageSize) || pageSize < 10 || pageSize > 100) {
    throw ksefException('validation', ['pageSize musi wynosić od 10 do 100.']);
  }
  const statuses = query.status ?? [];
  const unknown = statuses.filter(
    (status) => !(TOKEN_STATUSES as readonly string[]).includes(status),
  );
  if (unknown.length > 0)
    throw ksefException('validation', [`Nieznany status: ${unknown.join(', ')}.`]);
  if (query.description !== undefined && query.description.length < 3) {
    throw ksefException('validation', ['description musi mieć co najmniej 3 znaki.']);
  }
  const offset = offsetOf(query.continuationToken);
  const seesAll =
    access.permissions.includes('CredentialsManage') ||
    access.permissions.includes('CredentialsRead');
  const conditions = [eq(ksefSandboxKsefTokens.contextNip, access.nip)];
  if (!seesAll) {
    conditions.push(eq(ksefSandboxKsefTokens.referenceNumber, access.ksefTokenReference ?? ''));
  }
  if (statuses.length > 0) conditions.push(inArray(ksefSandboxKsefTokens.status, [...statuses]));
  const rows = await deps.db
    .select()
    .from(ksefSandboxKsefTokens)
    .where(and(...conditions))
    .orderBy(desc(ksefSandboxKsefTokens.createdAt), desc(ksefSandboxKsefTokens.referenceNumber));
  const needle = query.description?.toLowerCase();
  const matching = needle
    ? rows.filter((row) => row.description.toLowerCase().includes(needle))
    : rows;
  const page = matching.slice(offset, offset + pageSize);
  const next = offset + pageSize < matching.length ? offset + pageSize : undefined;
  return {
    continuationToken:
      next === undefined ? null : Buffer.from(`offset:${next}`, 'utf8').toString('base64url'),
    tokens: page.map((row) => ({
      referenceNumber: row.referenceNumber,
      authorIdentifier: { type: 'Nip', value: row.contextNip },
      contextIdentifier: { type: 'Nip', value: row.contextNip },
      description: row.description,
      requestedPermissions: row.permissions as TokenPermissionType[],
      dateCreated: row.createdAt.toISOString(),
      status: row.status as AuthenticationTokenStatus,
      statusDetails: [],
    })),
  };
}
