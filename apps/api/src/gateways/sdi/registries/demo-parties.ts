/**
 * The demo's businesses as SDI's registries know them: the demo account's own company, its
 * customers (with their channels), the public offices it invoices and its suppliers. Every VAT
 * number and codice fiscale here has correct check characters (demo-parties.test.ts proves it),
 * unlike the official samples' placeholders (01234567890, 09876543210), which stay registered
 * beside them for the samples. The sandbox's seed registries include these entries; the demo
 * history (services/demo) sends and receives its invoices with them.
 */

/** A demo company: name, partita IVA (no country prefix), city. */
export type DemoCompany = {
  vat: string;
  name: string;
  city: string;
  province: string;
  cap: string;
};

/** A customer reached on an SDI channel (7 characters), or one whose channel never answers. */
export type DemoCustomer = DemoCompany & { recipientCode: string; reachable: boolean };

/** A public administration with one IPA office (6-character code) for FPA12 invoices. */
export type DemoPublicOffice = { fiscalCode: string; name: string; officeCode: string };

/** ALPHA SRL with a valid check digit: the Italian demo account (italy@) invoices as it. */
export const DEMO_OWN_COMPANY: DemoCompany = {
  vat: '01234567897',
  name: 'ALPHA SRL',
  city: 'Milano',
  province: 'MI',
  cap: '20121',
};

/**
 * ALPHA SRL's second company (its services branch, a second business registry configuration of
 * italy@ with its own demo history); the demo sub-account italy-branch@ acts for it alone. A
 * company's codice fiscale is its partita IVA.
 */
export const DEMO_BRANCH_COMPANY: DemoCompany = {
  vat: '02468135799',
  name: 'ALPHA SERVIZI SRL',
  city: 'Bologna',
  province: 'BO',
  cap: '40121',
};

/** Codice fiscale of the sub-account demo persona (sub@). */
export const DEMO_SUB_FISCAL_CODE = 'SBUDMO80A01F205D';

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    vat: '02847361058',
    name: 'ROSSI COSTRUZIONI SRL',
    city: 'Bergamo',
    province: 'BG',
    cap: '24121',
    recipientCode: 'M5UXCR1',
    reachable: true,
  },
  {
    vat: '03791846201',
    name: 'BIANCHI LOGISTICA SPA',
    city: 'Torino',
    province: 'TO',
    cap: '10121',
    recipientCode: 'KRRH6B9',
    reachable: true,
  },
  {
    vat: '04615298736',
    name: 'VERDI ARREDAMENTI SNC',
    city: 'Monza',
    province: 'MB',
    cap: '20900',
    recipientCode: 'T04ZHR3',
    reachable: true,
  },
  {
    vat: '05182736495',
    name: 'STUDIO TECNICO NERI',
    city: 'Brescia',
    province: 'BS',
    cap: '25121',
    recipientCode: 'W7YVJK9',
    reachable: true,
  },
  {
    vat: '06429173856',
    name: 'FERRARI MECCANICA SRL',
    city: 'Modena',
    province: 'MO',
    cap: '41121',
    recipientCode: 'SUBM70N',
    reachable: true,
  },
  {
    vat: '07351629485',
    name: 'COLOMBO ALIMENTARI SRL',
    city: 'Como',
    province: 'CO',
    cap: '22100',
    recipientCode: 'USAL8PV',
    reachable: true,
  },
  {
    vat: '08135792466',
    name: 'RICCI TRASPORTI SRL',
    city: 'Verona',
    province: 'VR',
    cap: '37121',
    recipientCode: 'J6URRTW',
    reachable: false,
  },
  {
    vat: '09264813578',
    name: 'GRECO IMPIANTI SRL',
    city: 'Pavia',
    province: 'PV',
    cap: '27100',
    // FAIL…: the sandbox's channel to SDI fails for this customer (quarantena).
    recipientCode: 'FAILGR1',
    reachable: true,
  },
];

/**
 * A customer whose invoices the sandbox's SDI holds: it receives them (marking 'sent') and answers
 * only when the console or the API scripts an outcome (HOLD… recipient codes, see
 * sandbox-registries.ts). The way to rehearse a rejection (NS), which SDI sends only instead of a
 * delivery; not part of the demo history.
 */
export const DEMO_HELD_CUSTOMER: DemoCustomer = {
  vat: '15836249175',
  name: 'MARINO SERVIZI SRL',
  city: 'Lecco',
  province: 'LC',
  cap: '23900',
  recipientCode: 'HOLD001',
  reachable: true,
};

export const DEMO_PUBLIC_OFFICES: readonly DemoPublicOffice[] = [
  { fiscalCode: '80098765433', name: 'COMUNE DI VALDORO', officeCode: 'UFVALD' },
  { fiscalCode: '80147258364', name: 'AZIENDA SANITARIA DI VALDORO', officeCode: 'UFASLV' },
];

export const DEMO_SUPPLIERS: readonly DemoCompany[] = [
  { vat: '10357918647', name: 'ENERGIA NORD SPA', city: 'Milano', province: 'MI', cap: '20124' },
  {
    vat: '11472583696',
    name: 'TELECOMUNICAZIONI LOMBARDE SRL',
    city: 'Milano',
    province: 'MI',
    cap: '20159',
  },
  {
    vat: '12593614709',
    name: 'CARTOLERIA MODERNA SNC',
    city: 'Sesto San Giovanni',
    province: 'MI',
    cap: '20099',
  },
  {
    vat: '13648275918',
    name: 'AUTONOLEGGIO PADANO SRL',
    city: 'Lodi',
    province: 'LO',
    cap: '26900',
  },
  {
    vat: '14725836903',
    name: 'STUDIO COMMERCIALISTA GALLI',
    city: 'Milano',
    province: 'MI',
    cap: '20122',
  },
  { vat: '01593574864', name: 'PULIZIE SPLENDOR SRL', city: 'Rho', province: 'MI', cap: '20017' },
];
