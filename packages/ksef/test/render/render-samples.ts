import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const samplesDir = path.resolve(repoRoot, '../shared/spec/ksef/samples');

/** The Ministry's FA(3) examples and the invoice of its own visualiser. */
export function ministrySamples(): string[] {
  const official = path.join(samplesDir, 'fa3-official-mf');
  return [
    ...readdirSync(official)
      .filter((name) => name.endsWith('.xml'))
      .sort()
      .map((name) => path.join(official, name)),
    path.join(samplesDir, 'cirfmf-ksef-pdf-generator/invoice.xml'),
  ];
}

/** Every invoice in the corpus that is not a UPO: third-party FA(3), FA(2) and FA_RR(1) files too. */
export function allInvoiceSamples(): string[] {
  const walk = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return entry.name === 'upo' ? [] : walk(full);
      return entry.name.endsWith('.xml') ? [full] : [];
    });
  return walk(samplesDir).sort();
}

/** The text of the first `<name>` element of the file, read without the codec under test. */
export function firstText(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match?.[1]?.trim();
}

export function hasElement(xml: string, name: string): boolean {
  return new RegExp(`<${name}[\\s>/]`).test(xml);
}

/** An amount as a Polish reader expects it: "33 569,50" (spaces between thousands). */
export function polishAmount(value: string): string {
  const [integer = '', fraction = ''] = value.replace(/^-/, '').split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ' ');
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${value.startsWith('-') ? '-' : ''}${grouped},${decimals}`;
}

/** KOD I computed here from kody-qr.md, independently of the package. */
export function expectedVerificationLink(
  host: string,
  nip: string,
  p1: string,
  bytes: Uint8Array,
): string {
  const [year, month, day] = p1.split('-');
  const hash = createHash('sha256').update(bytes).digest('base64url');
  return `https://${host}/invoice/${nip}/${day}-${month}-${year}/${hash}`;
}

/** No-break and narrow spaces read as plain spaces, runs of white space as one. */
export function normalSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

function withTempDir<T>(work: (directory: string) => T): T {
  const directory = mkdtempSync(path.join(tmpdir(), 'ksef-render-'));
  try {
    return work(directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The text a reader copies out of the PDF (poppler's pdftotext). */
export function pdfText(pdf: Uint8Array): string {
  return withTempDir((directory) => {
    const file = path.join(directory, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  });
}

/** Each page of the PDF as a PNG (poppler's pdftoppm) at `dpi`. */
export function pdfPages(pdf: Uint8Array, dpi: number): Buffer[] {
  return withTempDir((directory) => {
    const file = path.join(directory, 'invoice.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, path.join(directory, 'page')]);
    return readdirSync(directory)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => readFileSync(path.join(directory, name)));
  });
}
