/*
 * The JSON of the KSeF 2.0 API paths the provider uses, as `open-api.json` (API 2.6.0) names
 * them: what the sandbox answers and what the client reads. Dates are ISO 8601 strings;
 * amounts are JSON numbers because the API says `number/double` (the sandbox keeps them as
 * decimal strings and turns them into numbers only here, at the wire).
 */

export type StatusInfo = { code: number; description: string; details?: string[] };

export type TokenInfo = { token: string; validUntil: string };

export type PublicKeyCertificateUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

export type PublicKeyCertificate = {
  /** DER, Base64. */
  certificate: string;
  certificateId: string;
  publicKeyId: string;
  validFrom: string;
  validTo: string;
  usage: PublicKeyCertificateUsage[];
};

export type AuthenticationChallengeResponse = {
  challenge: string;
  timestamp: string;
  timestampMs: number;
  clientIp: string;
};

export type AuthenticationContextIdentifier = {
  type: 'Nip' | 'InternalId' | 'NipVatUe' | 'PeppolId';
  value: string;
};

export type InitTokenAuthenticationRequest = {
  challenge: string;
  contextIdentifier: AuthenticationContextIdentifier;
  encryptedToken: string;
  publicKeyId?: string | null;
  authorizationPolicy?: unknown;
};

export type AuthenticationInitResponse = {
  referenceNumber: string;
  authenticationToken: TokenInfo;
};

export type AuthenticationMethod =
  | 'Token'
  | 'TrustedProfile'
  | 'InternalCertificate'
  | 'QualifiedSignature'
  | 'QualifiedSeal'
  | 'PersonalSignature'
  | 'PeppolSignature';

export type AuthenticationOperationStatusResponse = {
  startDate: string;
  authenticationMethod: AuthenticationMethod;
  authenticationMethodInfo: {
    category: 'XadesSignature' | 'NationalNode' | 'Token' | 'Other';
    code: string;
    displayName: string;
  };
  status: StatusInfo;
  isTokenRedeemed?: boolean | null;
  refreshTokenValidUntil?: string | null;
};

export type AuthenticationTokensResponse = { accessToken: TokenInfo; refreshToken: TokenInfo };

export type AuthenticationTokenRefreshResponse = { accessToken: TokenInfo };

export type TokenPermissionType =
  | 'InvoiceRead'
  | 'InvoiceWrite'
  | 'CredentialsRead'
  | 'CredentialsManage'
  | 'SubunitManage'
  | 'EnforcementOperations'
  | 'Introspection';

export type GenerateTokenRequest = { permissions: TokenPermissionType[]; description: string };

export type GenerateTokenResponse = { referenceNumber: string; token: string };

export type AuthenticationTokenStatus = 'Pending' | 'Active' | 'Revoking' | 'Revoked' | 'Failed';

export type QueryTokensResponseItem = {
  referenceNumber: string;
  authorIdentifier: { type: 'Nip' | 'Pesel' | 'Fingerprint'; value: string };
  contextIdentifier: { type: 'Nip' | 'InternalId' | 'NipVatUe' | 'PeppolId'; value: string };
  description: string;
  requestedPermissions: TokenPermissionType[];
  dateCreated: string;
  lastUseDate?: string | null;
  status: AuthenticationTokenStatus;
  statusDetails?: string[] | null;
};

export type QueryTokensResponse = {
  continuationToken?: string | null;
  tokens: QueryTokensResponseItem[];
};

export type FormCode = { systemCode: string; schemaVersion: string; value: string };

export type OpenOnlineSessionRequest = {
  formCode: FormCode;
  encryption: {
    encryptedSymmetricKey: string;
    initializationVector: string;
    publicKeyId?: string | null;
  };
};

export type OpenOnlineSessionResponse = { referenceNumber: string; validUntil: string };

export type SendInvoiceRequest = {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  encryptedInvoiceContent: string;
  offlineMode?: boolean;
  hashOfCorrectedInvoice?: string | null;
};

export type SendInvoiceResponse = { referenceNumber: string };

export type UpoPageResponse = {
  referenceNumber: string;
  downloadUrl: string;
  downloadUrlExpirationDate: string;
};

export type SessionStatusResponse = {
  status: StatusInfo;
  dateCreated: string;
  dateUpdated: string;
  validUntil?: string | null;
  upo?: { pages: UpoPageResponse[] } | null;
  invoiceCount?: number | null;
  successfulInvoiceCount?: number | null;
  failedInvoiceCount?: number | null;
};

export type InvoiceStatusInfo = StatusInfo & { extensions?: Record<string, string | null> | null };

export type SessionInvoiceStatusResponse = {
  ordinalNumber: number;
  invoiceNumber?: string | null;
  ksefNumber?: string | null;
  referenceNumber: string;
  invoiceHash: string;
  acquisitionDate?: string | null;
  invoicingDate: string;
  permanentStorageDate?: string | null;
  upoDownloadUrl?: string | null;
  upoDownloadUrlExpirationDate?: string | null;
  invoicingMode?: 'Online' | 'Offline' | null;
  status: InvoiceStatusInfo;
};

export type InvoiceQuerySubjectType = 'Subject1' | 'Subject2' | 'Subject3' | 'SubjectAuthorized';
export type InvoiceQueryDateType = 'Issue' | 'Invoicing' | 'PermanentStorage';
export type InvoiceType = 'Vat' | 'Zal' | 'Kor' | 'Roz' | 'Upr' | 'KorZal' | 'KorRoz';

export type InvoiceQueryFilters = {
  subjectType: InvoiceQuerySubjectType;
  dateRange: {
    dateType: InvoiceQueryDateType;
    from: string;
    to?: string | null;
    restrictToPermanentStorageHwmDate?: boolean | null;
  };
  ksefNumber?: string | null;
  invoiceNumber?: string | null;
  amount?: { type: 'Brutto' | 'Netto' | 'Vat'; from?: number | null; to?: number | null } | null;
  sellerNip?: string | null;
  buyerIdentifier?: { type: 'Nip' | 'VatUe' | 'Other' | 'None'; value?: string | null } | null;
  currencyCodes?: string[] | null;
  invoicingMode?: 'Online' | 'Offline' | null;
  isSelfInvoicing?: boolean | null;
  formType?: 'FA' | 'PEF' | 'FA_RR' | null;
  invoiceTypes?: InvoiceType[] | null;
  hasAttachment?: boolean | null;
};

export type InvoiceMetadata = {
  ksefNumber: string;
  invoiceNumber: string;
  issueDate: string;
  invoicingDate: string;
  acquisitionDate: string;
  permanentStorageDate: string;
  seller: { nip: string; name?: string | null };
  buyer: {
    identifier: { type: 'Nip' | 'VatUe' | 'Other' | 'None'; value?: string | null };
    name?: string | null;
  };
  netAmount: number;
  grossAmount: number;
  vatAmount: number;
  currency: string;
  invoicingMode: 'Online' | 'Offline';
  invoiceType: InvoiceType;
  formCode: FormCode;
  isSelfInvoicing: boolean;
  hasAttachment: boolean;
  invoiceHash: string;
  thirdSubjects?: {
    identifier: { type: string; value?: string | null };
    name?: string | null;
    role: number;
  }[];
};

export type QueryInvoicesMetadataResponse = {
  hasMore: boolean;
  isTruncated: boolean;
  permanentStorageHwmDate?: string | null;
  invoices: InvoiceMetadata[];
};

export type KsefCertificateType = 'Authentication' | 'Offline';
export type CertificateStatus = 'Active' | 'Blocked' | 'Revoked' | 'Expired';
export type CertificateSubjectIdentifier = {
  type: 'Nip' | 'Pesel' | 'Fingerprint';
  value: string;
};

export type CertificateLimit = { remaining: number; limit: number };

export type CertificateLimitsResponse = {
  canRequest: boolean;
  enrollment: CertificateLimit;
  certificate: CertificateLimit;
};

export type CertificateEnrollmentDataResponse = {
  commonName: string;
  countryName: string;
  givenName?: string | null;
  surname?: string | null;
  serialNumber?: string | null;
  uniqueIdentifier?: string | null;
  organizationName?: string | null;
  organizationIdentifier?: string | null;
};

export type EnrollCertificateRequest = {
  certificateName: string;
  certificateType: KsefCertificateType;
  /** PKCS#10, DER, Base64. */
  csr: string;
  validFrom?: string | null;
};

export type EnrollCertificateResponse = { referenceNumber: string; timestamp: string };

export type CertificateEnrollmentStatusResponse = {
  requestDate: string;
  status: StatusInfo;
  /** 16 upper-case hex digits, once issued. */
  certificateSerialNumber?: string | null;
};

export type RetrieveCertificatesRequest = { certificateSerialNumbers: string[] };

export type RetrieveCertificatesResponse = {
  certificates: {
    /** DER, Base64. */
    certificate: string;
    certificateName: string;
    certificateSerialNumber: string;
    certificateType: KsefCertificateType;
  }[];
};

export type QueryCertificatesRequest = {
  certificateSerialNumber?: string | null;
  name?: string | null;
  type?: KsefCertificateType | null;
  status?: CertificateStatus | null;
  expiresAfter?: string | null;
};

export type CertificateListItem = {
  certificateSerialNumber: string;
  name: string;
  type: KsefCertificateType;
  commonName: string;
  status: CertificateStatus;
  subjectIdentifier: CertificateSubjectIdentifier;
  validFrom: string;
  validTo: string;
  lastUseDate?: string | null;
  requestDate: string;
};

export type QueryCertificatesResponse = { certificates: CertificateListItem[]; hasMore: boolean };

export type RevokeCertificateRequest = {
  revocationReason?: 'Unspecified' | 'Superseded' | 'KeyCompromise' | null;
};

/** KSeF's error body (`ExceptionResponse`). */
export type ExceptionResponse = {
  exception: {
    exceptionDetailList: {
      exceptionCode: number;
      exceptionDescription: string;
      details?: string[];
    }[];
    referenceNumber?: string | null;
    serviceCode: string;
    serviceCtx?: string | null;
    serviceName?: string | null;
    timestamp: string;
  };
};
