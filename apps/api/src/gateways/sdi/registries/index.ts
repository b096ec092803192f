/**
 * The registries the SDI sandbox consults (taxpayers, recipient codes, IPA offices): seed data
 * with the official samples' parties plus entries the caller adds from the database.
 */
export * from './demo-parties.ts';
export * from './ipa-registry.ts';
export * from './recipient-code-registry.ts';
export * from './sdi-registries.ts';
export * from './taxpayer-registry.ts';
