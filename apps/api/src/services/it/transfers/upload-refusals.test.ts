import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { ALL_IT_ROLES, createAlpha } from '../it-test-kit.ts';
import { testZip } from './transfer-test-zips.ts';
import { UPLOAD_REFUSAL_CODES } from './transfers.service.ts';

/*
 * An upload's refusals carry stable codes (and the values they name) besides the English text,
 * so the console words them in its user's language: 'content: The file is empty.' was all a
 * client had to go on.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  ({ token } = await createAlpha(t, {
    it: [...ALL_IT_ROLES, 'ROLE_TRANSFER'],
    transfer: ['ROLE_API'],
    common: ['ROLE_USER'],
  }));
});
afterAll(async () => {
  await t.close();
});

async function refusal(path: string, content: Buffer | string, encoded?: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/transfer/it/upload',
    token,
    payload: { content: encoded ?? Buffer.from(content).toString('base64'), project: 'it', path },
  });
  expect(response.statusCode, path).toBe(422);
  return (response.json() as { violations: Record<string, unknown>[] }).violations;
}

describe('an upload refused for its content', () => {
  it('says why with a stable code and its parameters', async () => {
    // Base64 of nothing (line breaks only): an empty file.
    expect(await refusal('a/IT01234567890_00001.xml', '', '\r\n')).toEqual([
      expect.objectContaining({ propertyPath: 'content', code: UPLOAD_REFUSAL_CODES.empty }),
    ]);
    expect(
      await refusal('a/IT01234567890_00001.xml', `<a>${'x'.repeat(5 * 1024 * 1024)}</a>`),
    ).toEqual([
      expect.objectContaining({
        code: UPLOAD_REFUSAL_CODES.tooLarge,
        message: 'The file is larger than 5 MB.',
        parameters: { max_mb: '5' },
      }),
    ]);
    expect(await refusal('a/broken.zip', 'not a zip at all')).toEqual([
      expect.objectContaining({ propertyPath: 'content', code: UPLOAD_REFUSAL_CODES.zipRefused }),
    ]);
    expect(
      await refusal('a/folders.zip', testZip([{ name: 'empty/', data: Buffer.alloc(0) }])),
    ).toEqual([
      expect.objectContaining({ propertyPath: 'content', code: UPLOAD_REFUSAL_CODES.zipEmpty }),
    ]);
    // A file that is no invoice: the invoice check's own code (the console words xml-…).
    expect(await refusal('a/IT01234567890_00002.xml', '<Fattura/>')).toEqual([
      expect.objectContaining({ propertyPath: 'content', code: 'xml-wrong-root' }),
    ]);
  });
});
