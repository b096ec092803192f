/**
 * Lists on a phone (390 px, issue 31): the business registry list's e-mails keep a dozen
 * characters a line instead of one letter a line, and the actions column does not sit over
 * the names (the row scrolls sideways to its actions instead).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, screenshot, test, waitForIdle } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Business Registry' });

/** How many lines the cell's text takes. */
async function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });
}

test('at 390 px the registry list keeps e-mails readable and names uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'italy', { path: '/business-registry-configurations' });
  await waitForIdle(page);
  const rows = table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  const headers = await table(page).getByRole('columnheader').allInnerTexts();
  const emailIndex = headers.findIndex((text) => text.trim() === 'Email');
  const nameIndex = headers.findIndex((text) => text.trim() === 'Name');
  expect(emailIndex).toBeGreaterThanOrEqual(0);
  expect(nameIndex).toBeGreaterThanOrEqual(0);

  const count = Math.min(await rows.count(), 5);
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const email = row.getByRole('cell').nth(emailIndex);
    const text = (await email.innerText()).trim();
    if (text.includes('@')) {
      // Not a letter a line: at least ten characters on each full line.
      expect(await linesOf(email), text).toBeLessThanOrEqual(Math.ceil(text.length / 10));
    }
    // The name, scrolled into view, is what shows at its place (no column over it).
    const name = row.getByRole('cell').nth(nameIndex);
    await name.scrollIntoViewIfNeeded();
    const covered = await name.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && !element.contains(top);
    });
    expect(covered, `name of row ${index + 1} covered`).toBe(false);
  }
  await screenshot(page, 'business-registry-390');
});
