/**
 * Writes bank entries as a camt.053 statement or camt.054 notification, 001.02 or 001.08, the
 * way Italian and SEPA banks lay them out: one report per account, each entry with one
 * transaction detail (its references, the other party and the remittance text). For the
 * synthetic ledger and the tests; the reader reads it back.
 */
import { centsText, toCents } from '../money.ts';
import type { BankEntry } from '../model.ts';

export interface CamtWriteOptions {
  message?: 'camt.053' | 'camt.054';
  version?: '001.02' | '001.08';
  messageId?: string;
  /** ISO date-time of the message (default: the last booking date, at 18:00). */
  created?: string;
}

function escape(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Text cut to a schema's MaxNText. */
function max(value: string, length: number): string {
  return escape(value.slice(0, length));
}

/** Splits remittance text into Ustrd lines of at most 140 characters. */
function unstructured(text: string): string[] {
  const lines: string[] = [];
  for (let start = 0; start < text.length; start += 140) lines.push(text.slice(start, start + 140));
  return lines;
}

function entryXml(entry: BankEntry, version: '001.02' | '001.08'): string {
  const v8 = version === '001.08';
  const credit = entry.direction === 'credit';
  const party = (role: 'Dbtr' | 'Cdtr'): string => {
    if (!entry.counterpartyName && !entry.counterpartyIban) return '';
    const name = entry.counterpartyName ? `<Nm>${max(entry.counterpartyName, 70)}</Nm>` : '';
    const who = name
      ? v8
        ? `<${role}><Pty>${name}</Pty></${role}>`
        : `<${role}>${name}</${role}>`
      : '';
    const account = entry.counterpartyIban
      ? `<${role}Acct><Id><IBAN>${escape(entry.counterpartyIban)}</IBAN></Id></${role}Acct>`
      : '';
    return `<RltdPties>${who}${account}</RltdPties>`;
  };
  const references = (entry.creditorReferences ?? [])
    .map(
      (reference) =>
        `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${max(reference, 35)}</Ref></CdtrRefInf></Strd>`,
    )
    .join('');
  const ustrd = unstructured(entry.remittance)
    .map((line) => `<Ustrd>${escape(line)}</Ustrd>`)
    .join('');
  const remittance = ustrd || references ? `<RmtInf>${ustrd}${references}</RmtInf>` : '';
  const amount = centsText(toCents(entry.amount) ?? 0n);
  const status = v8
    ? `<Sts><Cd>${entry.status ?? 'BOOK'}</Cd></Sts>`
    : `<Sts>${entry.status ?? 'BOOK'}</Sts>`;
  const family = credit ? 'RCDT' : 'ICDT';
  const endToEnd = entry.endToEndId ?? 'NOTPROVIDED';
  return [
    '<Ntry>',
    `<Amt Ccy="${escape(entry.currency)}">${amount}</Amt>`,
    `<CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>`,
    status,
    `<BookgDt><Dt>${entry.bookingDate}</Dt></BookgDt>`,
    `<ValDt><Dt>${entry.valueDate ?? entry.bookingDate}</Dt></ValDt>`,
    `<AcctSvcrRef>${max(entry.ref, 35)}</AcctSvcrRef>`,
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>`,
    '<NtryDtls><TxDtls>',
    `<Refs><EndToEndId>${max(endToEnd, 35)}</EndToEndId></Refs>`,
    v8
      ? `<Amt Ccy="${escape(entry.currency)}">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>`
      : '',
    party(credit ? 'Dbtr' : 'Cdtr'),
    remittance,
    '</TxDtls></NtryDtls>',
    '</Ntry>',
  ].join('');
}

/** The camt XML of the entries, one statement (or notification) per account IBAN. */
export function writeCamt(entries: readonly BankEntry[], options: CamtWriteOptions = {}): string {
  const message = options.message ?? 'camt.053';
  const version = options.version ?? '001.02';
  const last = entries.reduce(
    (date, entry) => (entry.bookingDate > date ? entry.bookingDate : date),
    '2026-01-01',
  );
  const created = options.created ?? `${last}T18:00:00`;
  const messageId = options.messageId ?? `MSG${last.replaceAll('-', '')}`;
  const byAccount = new Map<string, BankEntry[]>();
  for (const entry of entries) {
    const account = entry.accountIban ?? '';
    byAccount.set(account, [...(byAccount.get(account) ?? []), entry]);
  }
  const reports = [...byAccount].map(([iban, list], index) => {
    const currency = list[0]?.currency ?? 'EUR';
    const id = `${messageId}-${index + 1}`;
    const account = `<Acct><Id><IBAN>${escape(iban)}</IBAN></Id><Ccy>${currency}</Ccy></Acct>`;
    const entriesXml = list.map((entry) => entryXml(entry, version)).join('\n');
    if (message === 'camt.054') {
      return `<Ntfctn><Id>${id}</Id><CreDtTm>${created}</CreDtTm>${account}\n${entriesXml}\n</Ntfctn>`;
    }
    let balance = 0n;
    for (const entry of list) {
      const cents = toCents(entry.amount) ?? 0n;
      balance += entry.direction === 'credit' ? cents : -cents;
    }
    const balanceXml = (code: string, cents: bigint): string =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${centsText(cents < 0n ? -cents : cents)}</Amt><CdtDbtInd>${cents < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${last}</Dt></Dt></Bal>`;
    return `<Stmt><Id>${id}</Id><CreDtTm>${created}</CreDtTm>${account}${balanceXml('OPBD', 0n)}${balanceXml('CLBD', balance)}\n${entriesXml}\n</Stmt>`;
  });
  const root = message === 'camt.053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message}.${version}">`,
    `<${root}><GrpHdr><MsgId>${max(messageId, 35)}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>`,
    ...reports,
    `</${root}>`,
    '</Document>',
    '',
  ].join('\n');
}
