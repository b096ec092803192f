/** @fiscus/ubl public API (filled in as the modules land). */
export * from './tree/node.ts';
