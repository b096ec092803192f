/** @fiscus/ksef public API (filled in as the modules land). */
export {};
export * from './number/index.ts';
export * from './qr/index.ts';
export * from './upo/index.ts';
