export { jsonToKsef } from './json-to-xml.ts';
export type { KsefElement, KsefJson, KsefNode } from './ksef-json.ts';
export type { KsefForm } from './descriptor.ts';
