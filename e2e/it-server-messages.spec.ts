/**
 * Server text in the user's language (issue 31, "Server text reaches the user in English"), in
 * Italian and Polish against the real server: a job's result (the demo's night the tax portal was
 * down, a download of a company without Fisconline credentials) and the rejected-invoice
 * recovery refused for want of those credentials, shown under the field's label.
 */
import type { Page } from '@playwright/test';
import { expect, loginAs, personaApi, screenshot, test, waitForIdle } from './fixtures';

test.describe.configure({ timeout: 180_000 });

/** ALPHA SRL, italy@'s own company (README). */
const ALPHA = '01234567897';
/** ALPHA SERVIZI SRL, italy@'s second company: no Fisconline credentials stored (README). */
const SERVIZI = '02468135799';

const EN = {
  portalDown: /The tax portal could not be read/,
  noCredentials: /No Fisconline credentials are stored/,
  recoveryRefused: /Store the Fisconline credentials|fiscal_id/,
};

const words = {
  it: {
    details: 'Dettagli del job',
    portalDown: /^Impossibile leggere il portale dell'Agenzia delle Entrate/,
    noCredentials: new RegExp(`^Nessuna credenziale Fisconline memorizzata per ${SERVIZI}`),
    dialog: `Anagrafica ${SERVIZI}`,
    recoverTab: 'Recupera fatture',
    recover: 'Recupera',
    fiscalIdLabel: 'Codice fiscale / P. IVA: ',
    recoveryRefused: /Nessuna credenziale Fisconline .*Cassetto fiscale/,
  },
  pl: {
    details: 'Szczegóły zadania',
    portalDown: /^Nie udało się odczytać portalu podatkowego/,
    noCredentials: new RegExp(`^Dla ${SERVIZI} nie zapisano danych logowania Fisconline`),
    dialog: `Rejestr firmy ${SERVIZI}`,
    recoverTab: 'Odzyskaj faktury',
    recover: 'Odzyskaj',
    fiscalIdLabel: 'Identyfikator podatkowy: ',
    recoveryRefused: /nie zapisano danych logowania Fisconline.*Szuflada podatkowa/,
  },
} as const;

const jobDialog = (uuid: string) => `/jobs?dialogId=job&dialog_uuid=${uuid}`;

async function openJob(page: Page, uuid: string, language: 'it' | 'pl') {
  await loginAs(page, 'italy', { path: jobDialog(uuid), language });
  await waitForIdle(page);
  const dialog = page.getByRole('dialog', { name: words[language].details });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a job's result is in the user's language, not the API's English", async ({ page }) => {
  const italy = await personaApi('italy');
  // The demo's night the portal was down (ALPHA SRL, ERROR).
  const failed = await italy.api.get(
    `/api/it/jobs?status=ERROR&fiscal_id=${ALPHA}&itemsPerPage=1`,
    { headers: { ...italy.headers, accept: 'application/json' } },
  );
  expect(failed.status()).toBe(200);
  const [portalDown] = (await failed.json()) as { uuid: string }[];
  expect(portalDown).toBeDefined();
  // A download of ALPHA SERVIZI, which has no Fisconline credentials: it fails at once.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: 'Europe/Rome',
    });
  const started = await italy.api.post('/api/it/jobs/invoice-download', {
    headers: italy.headers,
    data: { fiscal_id: SERVIZI, from_date: day(-80), to_date: day(-70) },
  });
  expect(started.status()).toBe(201);
  const { uuid } = (await started.json()) as { uuid: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await italy.api.get(`/api/it/jobs/${uuid}`, { headers: italy.headers })
          ).json()) as { status: string }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('ERROR');
  await italy.dispose();

  for (const language of ['it', 'pl'] as const) {
    const said = words[language];
    let dialog = await openJob(page, portalDown?.uuid ?? '', language);
    await expect(dialog.getByText(said.portalDown)).toBeVisible();
    await expect(dialog.getByText(EN.portalDown)).toHaveCount(0);

    dialog = await openJob(page, uuid, language);
    await expect(dialog.getByText(said.noCredentials)).toBeVisible();
    await expect(dialog.getByText(EN.noCredentials)).toHaveCount(0);
    await screenshot(page, `jobs-result-in-${language}`);
  }
});

test('a recovery refused for want of Fisconline credentials says so by the field label', async ({
  page,
}) => {
  for (const language of ['it', 'pl'] as const) {
    const said = words[language];
    await loginAs(page, 'italy', {
      path: `/business-registry-configurations?dialogId=business-registry&dialog_fiscal_id=${SERVIZI}`,
      language,
    });
    await waitForIdle(page);
    const dialog = page.getByRole('dialog', { name: said.dialog });
    await dialog.getByRole('tab', { name: said.recoverTab }).click();
    await dialog.getByRole('button', { name: said.recover, exact: true }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: said.fiscalIdLabel });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(said.recoveryRefused);
    await expect(alert).not.toContainText(EN.recoveryRefused);
    await screenshot(page, `recover-refused-in-${language}`);
  }
});
