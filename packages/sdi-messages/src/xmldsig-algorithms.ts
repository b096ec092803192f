import { XmlC14NMode } from 'libxml2-wasm';

/** The XMLDSig namespace (ds:). */
export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

export const EXCLUSIVE_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const ENVELOPED_SIGNATURE = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** XPath Filter 2.0, which real SDI receipts use to cut their own signature out. */
export const XPATH_FILTER2 = 'http://www.w3.org/2002/06/xmldsig-filter2';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export type C14nMode = (typeof XmlC14NMode)[keyof typeof XmlC14NMode];

/** Canonicalization algorithms we can apply, with libxml2's mode and whether comments stay. */
export const CANONICALIZATIONS: Record<string, { mode: C14nMode; withComments: boolean }> = {
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315': {
    mode: XmlC14NMode.XML_C14N_1_0,
    withComments: false,
  },
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments': {
    mode: XmlC14NMode.XML_C14N_1_0,
    withComments: true,
  },
  'http://www.w3.org/2006/12/xml-c14n11': { mode: XmlC14NMode.XML_C14N_1_1, withComments: false },
  'http://www.w3.org/2006/12/xml-c14n11#WithComments': {
    mode: XmlC14NMode.XML_C14N_1_1,
    withComments: true,
  },
  [EXCLUSIVE_C14N]: { mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0, withComments: false },
  'http://www.w3.org/2001/10/xml-exc-c14n#WithComments': {
    mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0,
    withComments: true,
  },
};

/** Digest algorithms by URI, as node:crypto names them. */
export const DIGESTS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  [SHA256]: 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

/** Signature algorithms by URI: node:crypto hash name and whether it is ECDSA (raw r||s). */
export const SIGNATURES: Record<string, { hash: string; ecdsa: boolean }> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': { hash: 'sha1', ecdsa: false },
  [RSA_SHA256]: { hash: 'sha256', ecdsa: false },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': { hash: 'sha384', ecdsa: false },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': { hash: 'sha512', ecdsa: false },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256': { hash: 'sha256', ecdsa: true },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384': { hash: 'sha384', ecdsa: true },
};
