import { describe, expect, it } from 'vitest';
import { invoiceFileBaseName, notificationFileName } from './notification-file-name.ts';
import { SdiMessageError } from './sdi-message-error.ts';

describe('notificationFileName', () => {
  it('drops .xml.p7m and numbers the message on three digits', () => {
    expect(notificationFileName('IT01234567890_11111.xml.p7m', 'RC', 1)).toBe(
      'IT01234567890_11111_RC_001.xml',
    );
    expect(notificationFileName('IT01234567890_FPA01.xml', 'NS', 12)).toBe(
      'IT01234567890_FPA01_NS_012.xml',
    );
    expect(notificationFileName('IT01234567890_0000A.zip', 'AT', 999)).toBe(
      'IT01234567890_0000A_AT_999.xml',
    );
  });

  it('is case-insensitive about extensions', () => {
    expect(invoiceFileBaseName('IT05979361218_006.XML')).toBe('IT05979361218_006');
  });

  it('refuses progressive numbers SDI cannot write and names that are not file names', () => {
    expect(() => notificationFileName('IT01234567890_1.xml', 'RC', 0)).toThrow(SdiMessageError);
    expect(() => notificationFileName('IT01234567890_1.xml', 'RC', 1000)).toThrow(SdiMessageError);
    expect(() => notificationFileName('.xml', 'RC', 1)).toThrow(SdiMessageError);
    expect(() => notificationFileName('../etc/passwd.xml', 'RC', 1)).toThrow(SdiMessageError);
  });
});
