export { qrPng, qrSvg, type QrPngOptions, type QrSvgOptions } from './image.ts';
export {
  CONTEXT_IDENTIFIER_TYPES,
  QR_HOSTS,
  certificateSigningText,
  invoiceHash,
  offlineCertificateLink,
  offlineCertificateLinkWithSignature,
  verificationLink,
  verificationLinkForHash,
  verifyOfflineCertificateLink,
  type CertificateLinkParts,
  type ContextIdentifierType,
  type KsefEnvironment,
  type OfflineCertificateLinkInput,
} from './links.ts';
