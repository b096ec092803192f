import Decimal from 'decimal.js';
import type { KsefElement, KsefNode } from '../codec/ksef-json.ts';

export function isElement(node: KsefNode | undefined): node is KsefElement {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** The child element `name` of `node` (the first when it repeats). */
export function child(node: KsefNode | undefined, name: string): KsefElement | undefined {
  if (!isElement(node)) return undefined;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  return isElement(first) ? first : undefined;
}

/** Every occurrence of `name` under `node`, as elements. */
export function children(node: KsefNode | undefined, name: string): KsefElement[] {
  if (!isElement(node)) return [];
  const value = node[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter(isElement);
}

/** The text of the child `name` of `node` (the `__value` of one with attributes). */
export function text(node: KsefNode | undefined, name: string): string | undefined {
  if (!isElement(node)) return undefined;
  const value = node[name];
  if (typeof value === 'string') return value.trim();
  if (isElement(value) && typeof value.__value === 'string') return value.__value.trim();
  return undefined;
}

/**
 * The decimal values of the texts read during one run of the checks (decimals are immutable:
 * one is shared by every read of the same text, e.g. a total read by several checks). Emptied
 * by each run (`forgetAmounts`) and when full.
 */
const decimals = new Map<string, Decimal | undefined>();
const DECIMALS_KEPT = 4096;

/** Starts a run of the checks: no decimal kept from another invoice. */
export function forgetAmounts(): void {
  decimals.clear();
}

function decimalOf(value: string): Decimal | undefined {
  try {
    const number = new Decimal(value);
    return number.isFinite() ? number : undefined;
  } catch {
    return undefined;
  }
}

/** The decimal value of the child `name`, or undefined when absent or no number. */
export function amount(node: KsefNode | undefined, name: string): Decimal | undefined {
  const value = text(node, name);
  if (value === undefined || value === '' || value.length > 40) return undefined;
  if (decimals.has(value)) return decimals.get(value);
  const number = decimalOf(value);
  if (decimals.size >= DECIMALS_KEPT) decimals.clear();
  decimals.set(value, number);
  return number;
}
