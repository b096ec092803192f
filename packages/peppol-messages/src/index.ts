export * from './participant-identifiers.ts';
export { belgianMod97Valid, gs1Valid, luhnValid, mod11Valid } from './check-digits.ts';
export * from './document-types.ts';
