import { composeIBAN, isValidIBAN } from 'ibantools';

/*
 * The simulated banks of the aggregator sandbox: a test country (XF, as aggregators name theirs),
 * each bank with its own login form and its own habits, and the accounts a login finds there.
 * Accounts carry real-format Italian IBANs (ABI, CAB, account number and the CIN check letter
 * worked out as Italian banks do; the IBAN's own check digits by ibantools), so the console, the
 * matcher and the payers' banks read them like any other.
 */

export const SANDBOX_COUNTRY = 'XF';

/** The sandbox credentials every bank accepts (shown on its login page). */
export const SANDBOX_USERNAME_HINT = 'any name';
export const SANDBOX_PASSWORD = 'secret';
/** The one-time code of the bank that asks for one. */
export const SANDBOX_OTP = '123456';

/**
 * What the bank does to its feed: `stable` keeps ids and order; `rebooking` gives a booked entry
 * a new id, lists entries in any order and now and then reports a transfer twice.
 */
export type FeedHabit = 'stable' | 'rebooking';

export interface SandboxBank {
  code: string;
  name: string;
  /** ABI of the bank (a code of no real bank: 99xxx) and its BIC. */
  abi: string;
  bic: string;
  /** The login form's steps: user and password, then (some banks) a one-time code. */
  otp: boolean;
  habit: FeedHabit;
  /** The brand colour of its login page. */
  colour: string;
}

export const SANDBOX_BANKS: readonly SandboxBank[] = [
  {
    code: 'fakebank_simple_xf',
    name: 'Fakebank Simple',
    abi: '99001',
    bic: 'FAKEXFM1XXX',
    otp: false,
    habit: 'stable',
    colour: '#0f766e',
  },
  {
    code: 'fakebank_otp_xf',
    name: 'Fakebank SMS',
    abi: '99002',
    bic: 'FAKEXFM2XXX',
    otp: true,
    habit: 'stable',
    colour: '#7c3aed',
  },
  {
    code: 'fakebank_rebooking_xf',
    name: 'Fakebank Rebooking',
    abi: '99003',
    bic: 'FAKEXFM3XXX',
    otp: false,
    habit: 'rebooking',
    colour: '#b45309',
  },
];

export function sandboxBank(code: string): SandboxBank | undefined {
  return SANDBOX_BANKS.find((bank) => bank.code === code);
}

/** The accounts a login finds at any sandbox bank. */
export interface AccountTemplate {
  key: string;
  name: string;
  nature: 'account' | 'card' | 'savings';
  currencyCode: string;
  /** Cards have neither IBAN nor BBAN: only the bank's SWIFT. */
  hasIban: boolean;
  openingBalance: string;
}

export const ACCOUNT_TEMPLATES: readonly AccountTemplate[] = [
  {
    key: 'current',
    name: 'Conto corrente business',
    nature: 'account',
    currencyCode: 'EUR',
    hasIban: true,
    openingBalance: '48250.00',
  },
  {
    key: 'savings',
    name: 'Conto deposito',
    nature: 'savings',
    currencyCode: 'EUR',
    hasIban: true,
    openingBalance: '120000.00',
  },
  {
    key: 'card',
    name: 'Carta aziendale',
    nature: 'card',
    currencyCode: 'EUR',
    hasIban: false,
    openingBalance: '0.00',
  },
];

/** CIN odd-position values of the Italian BBAN check letter, for 0-9 and A-Z alike. */
const CIN_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function cinValue(char: string): number {
  const digit = '0123456789'.indexOf(char);
  return digit >= 0 ? digit : LETTERS.indexOf(char);
}

/** The CIN of an Italian BBAN: the check letter of ABI (5) + CAB (5) + account (12). */
export function italianCin(abi: string, cab: string, account: string): string {
  const text = `${abi}${cab}${account}`.toUpperCase();
  if (!/^\d{10}[0-9A-Z]{12}$/.test(text)) throw new RangeError(`Not an Italian BBAN body: ${text}`);
  let sum = 0;
  for (let index = 0; index < text.length; index += 1) {
    const value = cinValue(text[index]!);
    // Positions count from 1: odd positions through the table, even ones as they are.
    sum += index % 2 === 0 ? CIN_ODD[value]! : value;
  }
  return LETTERS[sum % 26]!;
}

/** An Italian BBAN and IBAN for an account number at a bank's branch (CAB). */
export function italianAccount(abi: string, cab: string, account: string) {
  const number = account.padStart(12, '0');
  const bban = `${italianCin(abi, cab, number)}${abi}${cab}${number}`;
  const iban = composeIBAN({ countryCode: 'IT', bban });
  if (!iban || !isValidIBAN(iban)) throw new Error(`No valid IBAN for ${bban}`);
  return { bban, iban };
}
