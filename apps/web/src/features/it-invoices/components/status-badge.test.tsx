import type { Invoice, InvoiceMarking, InvoiceNotification } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { invoicesHandlers, sampleInvoice } from '../../../test/handlers/invoices';
import { renderRoutes, type TestLanguage } from '../../../test/render-with-providers';
import { server } from '../../../test/server';
import { InvoiceListPage } from './invoice-list-page';

/** One customer invoice per marking, numbered FT-1, FT-2, … in this order. */
const markings: InvoiceMarking[] = [
  'delivered',
  'accepted-pa',
  'rejected',
  'rejected-pa',
  'not-delivered',
  'quarantena',
  'invoice-error',
  'waiting',
];

const uuidOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

const invoices: Invoice[] = markings.map((marking, index) => ({
  ...sampleInvoice,
  uuid: uuidOf(index + 1),
  marking,
  invoiceNumber: `FT-${index + 1}`,
}));

const routes = [{ path: '/customer-invoice', element: <InvoiceListPage direction={0} /> }];

function renderList(language: TestLanguage, list: Invoice[] = invoices) {
  server.use(...invoicesHandlers(list));
  return renderRoutes(routes, {
    route: '/customer-invoice',
    namespaces: ['invoices', 'listKit'],
    language,
  });
}

/** The marking badge of the row of invoice `number`, as the user sees it in the list. */
async function badgeOf(number: string): Promise<HTMLElement> {
  const row = (await screen.findByRole('link', { name: number })).closest('tr');
  const badge = row?.querySelector<HTMLElement>('.MuiChip-root');
  if (!badge) throw new Error(`no badge in the row of ${number}`);
  return badge;
}

/**
 * How a badge looks, not what it says: its palette colour and variant (MUI's classes) and its
 * own styles (emotion's class of the computed style, the same for the same look).
 */
function look(badge: HTMLElement): string {
  return [...badge.classList]
    .filter((name) => /^MuiChip-(?:color|outlined|filled)/.test(name) || name.startsWith('css-'))
    .sort()
    .join(' ');
}

const numberOf = (marking: InvoiceMarking) => `FT-${markings.indexOf(marking) + 1}`;

beforeEach(() => signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] })));
afterEach(() => clearSession());

describe('Marking badges in the invoice list', () => {
  it('name each marking in Italian', async () => {
    await renderList('it');
    const expected: [InvoiceMarking, string][] = [
      ['delivered', 'Consegnata'],
      ['accepted-pa', 'Accettata dalla PA'],
      ['rejected', 'Scartata'],
      ['rejected-pa', 'Rifiutata dalla PA'],
      ['not-delivered', 'Non consegnata'],
      ['quarantena', 'Quarantena'],
      ['invoice-error', 'Errore fattura'],
      ['waiting', 'In attesa'],
    ];
    for (const [marking, label] of expected) {
      expect(await badgeOf(numberOf(marking))).toHaveTextContent(label);
    }
  });

  it('name the markings in Polish', async () => {
    await renderList('pl', invoices.slice(0, 3));
    expect(await badgeOf('FT-1')).toHaveTextContent('Dostarczona');
    expect(await badgeOf('FT-3')).toHaveTextContent('Odrzucona');
  });

  it('make the problems stand out from the delivered invoices', async () => {
    await renderList('en');
    const delivered = look(await badgeOf(numberOf('delivered')));
    // Done is done: an invoice the PA accepted looks like a delivered one.
    expect(look(await badgeOf(numberOf('accepted-pa')))).toBe(delivered);
    // Every marking that needs the user's attention looks different from a delivered invoice.
    for (const marking of [
      'rejected',
      'rejected-pa',
      'not-delivered',
      'quarantena',
      'invoice-error',
    ] as const) {
      expect(look(await badgeOf(numberOf(marking))), marking).not.toBe(delivered);
    }
    // An invoice still on its way is neither good nor bad news.
    const waiting = look(await badgeOf(numberOf('waiting')));
    expect(waiting).not.toBe(delivered);
    expect(waiting).not.toBe(look(await badgeOf(numberOf('invoice-error'))));
    // The SDI's hard refusals look alike, and differ from a rejection the user can fix.
    expect(look(await badgeOf(numberOf('quarantena')))).toBe(
      look(await badgeOf(numberOf('invoice-error'))),
    );
    expect(look(await badgeOf(numberOf('rejected')))).not.toBe(
      look(await badgeOf(numberOf('invoice-error'))),
    );
  });
});

describe('Notification badges in the invoice details', () => {
  const notification = (type: 'RC' | 'NS', index: number): InvoiceNotification => ({
    uuid: uuidOf(100 + index),
    invoice_uuid: sampleInvoice.uuid,
    type,
    file_name: `IT01234567890_00001_${type}_00${index}.xml`,
    created_at: '2026-03-02T10:05:00.000Z',
    message: {},
  });

  it('tell a rejection (NS) from a delivery receipt (RC) at a glance', async () => {
    const user = userEvent.setup();
    await renderList('en', [
      { ...sampleInvoice, notifications: [notification('RC', 1), notification('NS', 2)] },
    ]);
    await user.click(await screen.findByRole('link', { name: 'FT-42' }));
    const dialog = await screen.findByRole('dialog', { name: /FT-42/ });
    const receipt = await within(dialog).findByRole('listitem', {
      name: 'IT01234567890_00001_RC_001.xml',
    });
    const rejection = within(dialog).getByRole('listitem', {
      name: 'IT01234567890_00001_NS_002.xml',
    });
    const badge = (item: HTMLElement) => item.querySelector<HTMLElement>('.MuiChip-root')!;
    expect(badge(receipt)).toHaveTextContent('RC');
    expect(badge(rejection)).toHaveTextContent('NS');
    expect(look(badge(rejection))).not.toBe(look(badge(receipt)));
  });
});
