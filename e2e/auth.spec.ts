import {
  apiToken,
  createThrowawayAccount,
  demoPassword,
  expect,
  loginThroughForm,
  personaEmail,
  screenshot,
  screenshotEveryLanguage,
  switchLanguage,
  test,
  waitForIdle,
} from './fixtures';

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await waitForIdle(page);
  });

  test('logs in with valid credentials and lands on the dashboard', async ({ page }) => {
    test.slow(); // three reloads for the screenshots
    await screenshotEveryLanguage(page, 'login');
    await loginThroughForm(page, 'italy');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(
      personaEmail('italy'),
    );
  });

  test('shows Invalid credentials inline on a wrong password', async ({ page }) => {
    await loginThroughForm(page, 'italy', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(page).toHaveURL(/\/login$/);
    await screenshot(page, 'login-invalid-credentials');
  });

  test('validates the form before calling the server', async ({ page }) => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Must be a valid email')).toBeVisible();
  });

  test('fills the form from a sandbox demo login', async ({ page }) => {
    await page.getByRole('button', { name: /manager@demo\.fiscus\.test/ }).click();
    await expect(page.getByLabel('Email')).toHaveValue(personaEmail('manager'));
    await expect(page.getByLabel('Password')).toHaveValue(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('switches language and keeps it after a reload', async ({ page }) => {
    await switchLanguage(page, 'it');
    await expect(page.getByRole('heading', { name: 'Accedi', level: 1 })).toBeVisible();
    await loginThroughForm(page, 'italy', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Credenziali non valide');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Accedi', level: 1 })).toBeVisible();
    await switchLanguage(page, 'pl');
    await expect(page.getByRole('heading', { name: 'Zaloguj się', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nie pamiętasz hasła?' })).toBeVisible();
  });
});

test('redirect_to brings the user back to the page they asked for', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fprofile$/);
  await loginThroughForm(page, 'italy');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
});

test('redirect_to never leaves the site', async ({ page }) => {
  await page.goto('/login?redirect_to=//example.com/steal');
  await loginThroughForm(page, 'italy');
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test('resets a forgotten password with the mailed link', async ({ page }) => {
  test.slow(); // three reloads for the screenshots
  // A reset ends every token of the account: not a persona other journeys are signed in as.
  const email = await createThrowawayAccount(page, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible();
  await screenshotEveryLanguage(page, 'reset-password-request');

  // The outbox needs a login (an administrator reads every mail); the mail leaves in the
  // background, so wait for it.
  const adminToken = await apiToken(page, 'admin');
  const resetLink = async () => {
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${adminToken}` },
    });
    expect(outbox.status()).toBe(200);
    const mails = (await outbox.json()) as { to: string; text: string }[];
    return /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mails[0]?.text ?? '')?.[0];
  };
  await expect.poll(resetLink, { message: 'reset link in the outbox' }).toBeTruthy();
  const link = await resetLink();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(demoPassword);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshot(page, 'reset-password-new');
  // Same password again, so the persona keeps working for every other journey.
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(demoPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel(/^(Password|Hasło)/).fill(demoPassword);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
