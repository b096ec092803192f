/**
 * The reference side of the differential test: Saxon-HE on Java running the official XSLT of the
 * release, one JVM per rule set over a directory of documents, and a reader of its SVRL reports.
 *
 * What Saxon does when one document raises a dynamic error (FORG0001 `xs:decimal('abc')`,
 * XPTY0004 `xs:decimal()` of two nodes) in directory mode, as measured on Saxon-HE 9.9.1-5: it
 * goes on with the other documents, writes a truncated (not well-formed) SVRL for the failed one,
 * prints the error on stderr followed by `While processing <file>: <message>` and exits with
 * code 2 ("N transformations failed"). The outcome of such a document is `error` with the code
 * read from that stderr block; its truncated report is not read (how much of it is flushed
 * depends on buffering, not on the rules). A document with no report and no attributed error is
 * run again on its own, so one unexpected failure cannot hide or mislabel the others.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
export const XSLT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../xslt/2026.5',
);

/** One `svrl:failed-assert` (kind 'assert') or `svrl:successful-report` (kind 'report'). */
export interface SvrlFinding {
  id: string;
  flag: string;
  location: string;
  text: string;
  kind: 'assert' | 'report';
}

/** Saxon's verdict on one document: its findings in report order, or the error that stopped it. */
export interface SaxonOutcome {
  findings: SvrlFinding[];
  error?: { code: string; message: string };
}

export interface SaxonDocument {
  /** A unique name, used for the file name (letters, digits, '-', '_', '.'). */
  name: string;
  xml: string;
}

/**
 * Throws a clear error when java or the Saxon-HE jar is missing: the differential test must fail
 * loudly on such a machine, never skip.
 */
export async function checkSaxonInstalled(): Promise<void> {
  if (!existsSync(SAXON_JAR)) {
    throw new Error(
      `Saxon-HE not found at ${SAXON_JAR}: install Debian's libsaxonhe-java (apt-get install libsaxonhe-java default-jre-headless) or set SAXON_JAR`,
    );
  }
  try {
    await run('java', ['-version']);
  } catch (error) {
    throw new Error(
      `java is not runnable (${(error as Error).message}): install a Java runtime (apt-get install default-jre-headless)`,
    );
  }
}

export function xsltPath(ruleSet: string): string {
  return path.join(XSLT_DIR, `${ruleSet}.xslt`);
}

export function hasXslt(ruleSet: string): boolean {
  return existsSync(xsltPath(ruleSet));
}

const cacheDir = path.join(os.tmpdir(), 'fiscus-ubl-saxon-runs');
const xsltHashes = new Map<string, string>();

/**
 * Local speed-up only: one file per run of a rule set, keyed by the sha-256 of the XSLT, of this
 * reader (a fix to it must not be hidden by outcomes it read before) and of every document with
 * its name; never committed, off under CI (CI=true) or with UBL_SAXON_CACHE=0.
 */
function cacheKey(xslt: string, documents: readonly SaxonDocument[]): string {
  let xsltHash = xsltHashes.get(xslt);
  if (!xsltHash) {
    xsltHash = createHash('sha256')
      .update(readFileSync(xslt))
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .digest('hex');
    xsltHashes.set(xslt, xsltHash);
  }
  const hash = createHash('sha256').update(xsltHash);
  for (const document of documents) hash.update(`\0${document.name}\0`).update(document.xml);
  return hash.digest('hex');
}

function useCache(): boolean {
  return process.env.CI !== 'true' && process.env.UBL_SAXON_CACHE !== '0';
}

/**
 * Runs the official XSLT of `ruleSet` (or `xslt`) over `documents` with one JVM (directory mode)
 * and answers each document's outcome by name.
 */
export async function runSaxon(
  ruleSet: string,
  documents: readonly SaxonDocument[],
  xslt = xsltPath(ruleSet),
): Promise<Map<string, SaxonOutcome>> {
  if (!existsSync(xslt)) throw new Error(`no XSLT for rule set ${ruleSet} at ${xslt}`);
  const cached = useCache() ? path.join(cacheDir, `${cacheKey(xslt, documents)}.json`) : '';
  if (cached && existsSync(cached)) {
    const stored = JSON.parse(readFileSync(cached, 'utf8')) as Record<string, SaxonOutcome>;
    return new Map(Object.entries(stored));
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'fiscus-ubl-saxon-'));
  try {
    const outcomes = await runDirectory(xslt, documents, work);
    if (cached) {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(`${cached}.${process.pid}`, JSON.stringify(Object.fromEntries(outcomes)));
      renameSync(`${cached}.${process.pid}`, cached);
    }
    return outcomes;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function runDirectory(
  xslt: string,
  documents: readonly SaxonDocument[],
  work: string,
): Promise<Map<string, SaxonOutcome>> {
  const input = path.join(work, 'in');
  const output = path.join(work, 'out');
  mkdirSync(input);
  mkdirSync(output);
  for (const document of documents) {
    writeFileSync(path.join(input, `${document.name}.xml`), document.xml);
  }
  const stderr = await transform(xslt, input, output);
  const errors = errorsByFile(stderr);
  const outcomes = new Map<string, SaxonOutcome>();
  const retry: SaxonDocument[] = [];
  for (const document of documents) {
    const file = `${document.name}.xml`;
    const error = errors.get(file);
    if (error) {
      outcomes.set(document.name, { findings: [], error });
      continue;
    }
    const report = path.join(output, file);
    const svrl = existsSync(report) ? readFileSync(report, 'utf8') : '';
    if (svrl.includes('</svrl:schematron-output>')) {
      outcomes.set(document.name, { findings: readSvrl(svrl) });
    } else retry.push(document);
  }
  if (retry.length > 0 && documents.length > 1) {
    // Not attributable from the directory run: each alone, so the error is its own.
    for (const document of retry) {
      const alone = path.join(work, `alone-${document.name}`);
      mkdirSync(alone);
      const single = await runDirectory(xslt, [document], alone);
      outcomes.set(document.name, single.get(document.name)!);
    }
  } else {
    for (const document of retry) {
      outcomes.set(document.name, {
        findings: [],
        error: { code: firstErrorCode(stderr) ?? 'UNKNOWN', message: stderr.trim().slice(0, 2000) },
      });
    }
  }
  return outcomes;
}

async function transform(xslt: string, input: string, output: string): Promise<string> {
  try {
    const { stderr } = await run(
      'java',
      [
        '-Xss8m',
        // Dates without a zone compare as UTC in our engine; Saxon takes the JVM's zone.
        '-Duser.timezone=UTC',
        '-cp',
        SAXON_JAR,
        'net.sf.saxon.Transform',
        `-s:${input}`,
        `-xsl:${xslt}`,
        `-o:${output}`,
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    return stderr;
  } catch (error) {
    const failure = error as Error & { code?: number | string; stderr?: string };
    // Exit code 2 is "some transformations failed": their errors are in stderr.
    if (
      failure.code === 2 &&
      typeof failure.stderr === 'string' &&
      !failure.stderr.includes('during stylesheet compilation')
    ) {
      return failure.stderr;
    }
    throw new Error(`Saxon failed on ${xslt}: ${failure.stderr ?? failure.message}`);
  }
}

/**
 * Splits Saxon's stderr into one error per `While processing <file>: …` block. Warnings are left
 * out: an error while matching a template pattern (XPTY0004 of a predicate over two nodes, say)
 * is recoverable in XSLT 2.0, Saxon reports it as a warning (until "No more warnings will be
 * displayed") and treats the pattern as not matching; it is not the document's error.
 */
export function errorsByFile(stderr: string): Map<string, { code: string; message: string }> {
  const errors = new Map<string, { code: string; message: string }>();
  let block: string[] = [];
  let inWarning = false;
  for (const line of stderr.split('\n')) {
    const marker = 'While processing ';
    if (line.startsWith(marker)) {
      const rest = line.slice(marker.length);
      const colon = rest.indexOf(': ');
      const file = colon >= 0 ? rest.slice(0, colon) : rest;
      const message = colon >= 0 ? rest.slice(colon + 2) : '';
      errors.set(file, { code: firstErrorCode(block.join('\n')) ?? 'UNKNOWN', message });
      block = [];
      inWarning = false;
    } else if (line.startsWith('Warning') || line.startsWith('No more warnings')) {
      inWarning = true;
      block = [];
    } else if (/^(?:Type |Static |Dynamic )?[Ee]rror\b/.test(line)) {
      inWarning = false;
      block = [line];
    } else if (!inWarning) block.push(line);
  }
  return errors;
}

/** The first XPath/XSLT error code (four capitals and four digits, e.g. FORG0001) in `text`. */
export function firstErrorCode(text: string): string | undefined {
  for (let i = 0; i + 8 <= text.length; i++) {
    const candidate = text.slice(i, i + 8);
    if (
      /^[A-Z]{4}\d{4}$/.test(candidate) &&
      (i === 0 || !/[\w]/.test(text[i - 1]!)) &&
      (i + 8 === text.length || !/\w/.test(text[i + 8]!))
    ) {
      return candidate;
    }
  }
  return undefined;
}

/**
 * Reads the failed asserts and successful reports of an SVRL report, in report order. The report
 * is Saxon's own serialisation of the official XSLT's output, so a scanner over its elements is
 * enough (attributes in double quotes, the five predefined entities and character references).
 */
export function readSvrl(svrl: string): SvrlFinding[] {
  const findings: SvrlFinding[] = [];
  let at = 0;
  for (;;) {
    const start = svrl.indexOf('<svrl:', at);
    if (start < 0) break;
    const nameEnd = start + 6;
    let kind: SvrlFinding['kind'] | undefined;
    if (svrl.startsWith('failed-assert', nameEnd)) kind = 'assert';
    else if (svrl.startsWith('successful-report', nameEnd)) kind = 'report';
    const tagEnd = svrl.indexOf('>', start);
    if (tagEnd < 0) break;
    at = tagEnd + 1;
    if (!kind) continue;
    const attributes = readAttributes(svrl.slice(nameEnd, tagEnd));
    const close = kind === 'assert' ? '</svrl:failed-assert>' : '</svrl:successful-report>';
    const end = svrl[tagEnd - 1] === '/' ? tagEnd + 1 : svrl.indexOf(close, tagEnd);
    const body = svrl.slice(tagEnd + 1, end < 0 ? svrl.length : end);
    const textStart = body.indexOf('<svrl:text>');
    const textEnd = body.indexOf('</svrl:text>');
    const text =
      textStart >= 0 && textEnd > textStart ? decode(body.slice(textStart + 11, textEnd)) : '';
    findings.push({
      id: attributes.get('id') ?? '',
      flag: attributes.get('flag') ?? '',
      location: attributes.get('location') ?? '',
      text: text.trim(),
      kind,
    });
    if (end >= 0) at = end;
  }
  return findings;
}

function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let at = 0;
  for (;;) {
    const eq = tag.indexOf('="', at);
    if (eq < 0) break;
    let nameStart = eq;
    while (nameStart > 0 && !/\s/.test(tag[nameStart - 1]!)) nameStart--;
    const valueEnd = tag.indexOf('"', eq + 2);
    if (valueEnd < 0) break;
    attributes.set(tag.slice(nameStart, eq), decode(tag.slice(eq + 2, valueEnd)));
    at = valueEnd + 1;
  }
  return attributes;
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  let out = '';
  let at = 0;
  for (;;) {
    const amp = text.indexOf('&', at);
    const semi = amp < 0 ? -1 : text.indexOf(';', amp);
    if (amp < 0 || semi < 0) return out + text.slice(at);
    out += text.slice(at, amp);
    const name = text.slice(amp + 1, semi);
    if (name.startsWith('#x')) out += String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    else if (name.startsWith('#')) out += String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    else out += entities[name] ?? `&${name};`;
    at = semi + 1;
  }
}
