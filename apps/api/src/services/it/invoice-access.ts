import type { Actor } from '../../platform/auth.ts';
import { forbidden } from '../../platform/problem-errors.ts';
import { hasAnyRole, hasRole } from '../../platform/roles.ts';
import { businessOf } from '../../platform/tenancy.ts';

export const ROLE_INVOICING = 'ROLE_INVOICING';
export const ROLE_INVOICING_DRAFT = 'ROLE_INVOICING_DRAFT';
export const ROLE_FIX_INVOICE = 'ROLE_FIX_INVOICE';
export const ROLE_SUPPLIER_ONLY = 'ROLE_INVOICING_SUPPLIER_ONLY';
export const ROLE_CUSTOMER_ONLY = 'ROLE_INVOICING_CUSTOMER_ONLY';

/**
 * The account whose invoices the actor works on: invoices, drafts and notifications belong to the
 * business (`businessOf` in platform/tenancy.ts), so a sub-account sees and sends what its
 * manager does.
 */
export const invoiceOwnerOf = businessOf;

/** Reading Italian invoices needs any role of the `it` platform. */
export function assertItReader(actor: Actor): void {
  if (!hasAnyRole(actor.roles, 'it')) {
    throw forbidden('The Italian invoicing service is not enabled for this account.');
  }
}

/** Customer (type 0) or supplier (type 1) invoices, as the *_ONLY roles allow. */
export function assertDirection(actor: Actor, type: 0 | 1): void {
  assertItReader(actor);
  if (type === 0 && hasRole(actor.roles, 'it', ROLE_SUPPLIER_ONLY)) {
    throw forbidden('Supplier-only accounts have no customer invoices.');
  }
  if (type === 1 && hasRole(actor.roles, 'it', ROLE_CUSTOMER_ONLY)) {
    throw forbidden('Customer-only accounts have no supplier invoices.');
  }
}

/** Sending customer invoices: ROLE_INVOICING, and not a supplier-only account. */
export function assertCanSend(actor: Actor): void {
  assertDirection(actor, 0);
  if (!hasRole(actor.roles, 'it', ROLE_INVOICING)) {
    throw forbidden('Sending invoices needs ROLE_INVOICING.');
  }
}

/** Drafts: ROLE_INVOICING or ROLE_INVOICING_DRAFT, not supplier-only (spec 6). */
export function assertCanDraft(actor: Actor): void {
  assertDirection(actor, 0);
  if (
    !hasRole(actor.roles, 'it', ROLE_INVOICING) &&
    !hasRole(actor.roles, 'it', ROLE_INVOICING_DRAFT)
  ) {
    throw forbidden('Drafts need ROLE_INVOICING or ROLE_INVOICING_DRAFT.');
  }
}

/** Fixing a rejected invoice: ROLE_FIX_INVOICE in the it platform, or a stripe role (spec 6). */
export function assertCanFix(actor: Actor): void {
  if (!hasRole(actor.roles, 'it', ROLE_FIX_INVOICE) && !hasAnyRole(actor.roles, 'stripe')) {
    throw forbidden('Fixing invoices needs ROLE_FIX_INVOICE.');
  }
}
