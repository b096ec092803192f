/**
 * Layer-1 limits, checked before any parser reads the document.
 *
 * Size: a Peppol access point takes documents up to the size its AS4 gateway accepts; Peppol
 * sets no smaller limit of its own and 100 MB is the common AS4 message limit (the CEF eDelivery
 * gateways' default), so it is ours by default. Callers with tighter limits pass `maxBytes`.
 */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Nesting limit: libxml2's own default (it refuses deeper documents the same way). A UBL
 * document, with a signature in its extensions, is about fifteen levels deep.
 */
export const MAX_XML_DEPTH = 256;

/**
 * Longest prefix or local name accepted in a tag. The longest UBL 2.1 name has 51 characters
 * (TransportServiceDescriptionRequestDocumentReference); extension content may hold other
 * vocabularies, so the limit leaves room while keeping hostile names (150,000 characters) out.
 */
export const MAX_XML_NAME_LENGTH = 256;

/**
 * Most markup (start and end tags, and attributes: `<` and `=` counted) a document may have:
 * the tree of every later layer holds each node as an object, so the count bounds its memory
 * (about 1 GB at the limit). A 100 MB invoice of real lines has about 3 million.
 */
export const MAX_XML_MARKUP = 5_000_000;
