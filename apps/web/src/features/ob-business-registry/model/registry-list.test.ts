import { obLocales, type ObAccount } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import {
  sampleObCard,
  sampleObCurrentAccount,
  sampleObDepositAccount,
} from '../../../test/handlers/ob';
import {
  canDeleteAccount,
  CONNECT_LOCALES,
  connectReturnUrl,
  obLocaleOf,
  pageCount,
} from './registry-list';

describe('canDeleteAccount', () => {
  const accounts: ObAccount[] = [sampleObCurrentAccount, sampleObCard, sampleObDepositAccount];
  it('allows it only when every account of the connection is disabled and without payments', () => {
    expect(canDeleteAccount(sampleObDepositAccount, accounts)).toBe(true);
    expect(canDeleteAccount(sampleObCard, accounts)).toBe(false);
    const disabled = accounts.map((account) => ({ ...account, enabled: false }));
    // The current account has payments: its connection stays.
    expect(canDeleteAccount(disabled[1]!, disabled)).toBe(false);
  });
});

describe('the connect flow', () => {
  it('returns to the registry screen naming the registry, in the console’s language', () => {
    expect(connectReturnUrl('https://console.example.com', 'AB12')).toBe(
      'https://console.example.com/openbanking/business-registry?connected=AB12',
    );
    expect(obLocaleOf('pl-PL')).toBe('pl');
    expect(obLocaleOf('de')).toBe('en');
    expect(CONNECT_LOCALES).toEqual(obLocales);
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(61, 30)).toBe(3);
  });
});
