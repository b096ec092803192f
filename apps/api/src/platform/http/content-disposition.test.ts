import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './content-disposition.ts';

describe('safeFileName', () => {
  it.each([
    ['IT01234567890_00001.xml.p7m', 'IT01234567890_00001.xml.p7m'],
    ['日本.xml', '日本.xml'],
    ['../../../../etc/passwd', 'passwd'],
    ['C:\\Windows\\win.ini', 'win.ini'],
    ['a\r\nb.xml', 'a__b.xml'],
    ['a\ud800b.xml', 'a_b.xml'],
    ['\u202egpj.exe', '_gpj.exe'],
    ['what?<>|*:".pdf', 'what_______.pdf'],
    [' .hidden. ', 'hidden'],
    ['CON.xml', '_CON.xml'],
    ['..', 'file'],
    ['', 'file'],
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('keeps at most 120 characters, with the extension', () => {
    const safe = safeFileName(`${'😀'.repeat(500)}.pdf`);
    expect(Array.from(safe)).toHaveLength(120);
    expect(safe.endsWith('😀.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it.each(['日本.xml', '日本€.pdf', 'fattura é.xml', 'a\r\nb"c.xml', 'a\ud800.pdf'])(
    '%j: an ASCII header that reads back as the safe name',
    (name) => {
      const header = attachmentDisposition(name);
      expect(header).toMatch(/^attachment;[\x20-\x7e]*$/);
      expect(parse(header).parameters.filename).toBe(safeFileName(name));
    },
  );

  it('writes filename* only when the name is not plain ASCII', () => {
    expect(attachmentDisposition('report.csv')).toBe('attachment; filename=report.csv');
    expect(attachmentDisposition('日本.xml')).toBe(
      "attachment; filename=__.xml; filename*=UTF-8''%E6%97%A5%E6%9C%AC.xml",
    );
  });
});
