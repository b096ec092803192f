/**
 * What a list screen downloads before its rows show (issue 32): its own translation namespaces
 * and the shell's, nothing of another feature, and no dialog; the dialogs arrive afterwards,
 * prefetched while the user reads the rows, so opening one stays instant. The built console's
 * manifest (apps/web/dist/.vite/manifest.json, written by the build `npm test` runs first) names
 * the file of each namespace and dialog. Timings are the bench's business (`npm run bench -w
 * e2e`), never asserted here.
 */
import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, expect, storage, test } from './fixtures';

interface ManifestChunk {
  file: string;
}

const manifest = JSON.parse(
  readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/.vite/manifest.json'),
    'utf8',
  ),
) as Record<string, ManifestChunk>;

/** Built file (`/assets/…js`) → English namespace it holds. */
const namespaceOfFile = new Map<string, string>(
  Object.entries(manifest).flatMap(([source, chunk]) => {
    const match = /^src\/locales\/en\/(.+)\.json$/.exec(source);
    return match?.[1] ? [[`/${chunk.file}`, match[1]] as const] : [];
  }),
);

function builtFile(source: string): string {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build manifest (run the build first)`);
  return `/${chunk.file}`;
}

/** The customer list's dialogs, each its own chunk loaded when opened. */
const customerListDialogs = {
  'new invoice': builtFile('src/features/it-invoice-create/components/new-invoice-dialog.tsx'),
  'credit note': builtFile('src/features/it-invoice-create/components/credit-note-dialog.tsx'),
  import: builtFile(
    'src/features/it-invoice-imports/components/customer-invoice-import-dialog.tsx',
  ),
  'invoice details': builtFile('src/features/it-invoices/components/invoice-details-dialog.tsx'),
};

/** The namespaces `/customer-invoice` declares (composed-screens.ts) and the shell's. */
const customerListNamespaces = [
  'common',
  'shell',
  'invoices',
  'listKit',
  'invoiceCreate',
  'invoiceImports',
];

/** Every request the page makes from now on, by path, in order. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Logged in before the console's first script runs: the visit is the console's first load. */
async function signIn(page: Page): Promise<void> {
  const token = await apiToken(page, 'italy');
  await page.addInitScript(
    ({ keys, value }) => {
      window.localStorage.setItem(keys.token, value);
      window.localStorage.setItem(keys.language, 'en');
    },
    { keys: storage, value: token },
  );
}

/** Marks, in the page's own clock, the moment the table first holds data rows (an init script). */
function markRows(): void {
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('table tbody tr input[type="checkbox"]').length < 2) return;
    observer.disconnect();
    (window as Window & { rowsAt?: number }).rowsAt = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Paths the page started fetching before its rows were in the table, from Resource Timing. */
async function fetchedBeforeRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rowsAt = (window as Window & { rowsAt?: number }).rowsAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < rowsAt)
      .map((entry) => new URL(entry.name).pathname);
  });
}

test('the customer invoice list loads its own namespaces and no dialog before its rows', async ({
  page,
}) => {
  await signIn(page);
  await page.addInitScript(markRows);
  const requests = recordRequests(page);
  await page.goto('/customer-invoice?invoiceDate%5Bafter%5D=&invoiceDate%5Bbefore%5D=');
  const table = page.getByRole('table', { name: 'Customer invoices' });
  // Cold, on a loaded 2-core runner: the bench times this, the test only waits for it.
  await expect(table.getByRole('checkbox').nth(1)).toBeVisible({ timeout: 30_000 });
  const beforeRows = await fetchedBeforeRows(page);

  const namespaces = beforeRows.flatMap((path) => namespaceOfFile.get(path) ?? []);
  expect(new Set(namespaces)).toEqual(new Set(customerListNamespaces));
  for (const [dialog, file] of Object.entries(customerListDialogs)) {
    expect(beforeRows, `the ${dialog} dialog's chunk before the rows`).not.toContain(file);
  }
  // The list call went out once: the page used what the opening prefetch asked for.
  expect(beforeRows.filter((path) => path === '/api/it/invoices')).toHaveLength(1);

  // Once the rows show, the dialogs are fetched while the user reads them…
  await expect
    .poll(() => Object.values(customerListDialogs).filter((file) => requests.includes(file)), {
      timeout: 20_000,
    })
    .toHaveLength(Object.keys(customerListDialogs).length);
  // …so the new-invoice dialog opens from what is already here, with its texts.
  const afterPrefetch = requests.length;
  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'New invoice' })).toBeVisible();
  const opening = requests.slice(afterPrefetch);
  expect(opening.filter((path) => path.startsWith('/assets/'))).toEqual([]);
});

test('a dialog opened from a link loads with its texts over the list', async ({ page }) => {
  await signIn(page);
  const requests = recordRequests(page);
  await page.goto('/customer-invoice?dialogId=new');
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  // The whole invoice form and its supplier profile: a loaded 2-core runner needs a while.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // The form's labels, not its keys: the dialog's namespaces came with its code.
  await expect(dialog.getByText('Document data', { exact: true }).first()).toBeVisible();
  expect(requests).toContain(customerListDialogs['new invoice']);
  const namespaces = new Set(requests.flatMap((path) => namespaceOfFile.get(path) ?? []));
  expect(namespaces).toContain('invoiceForm');
  expect(namespaces).not.toContain('businessRegistry');
});
