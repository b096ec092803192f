import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UblEngine } from './ubl-engine.ts';

const INVOICE = readFileSync(
  resolve(
    import.meta.dirname,
    '../../../../../../../shared/spec/peppol/bis-billing-3/examples/base-example.xml',
  ),
  'utf8',
);

describe('the UBL engine’s worker thread', () => {
  const fallbacks: Error[] = [];
  const engine = new UblEngine({ onFallback: (error) => fallbacks.push(error) });
  afterAll(() => engine.close());

  it('checks documents off the event loop, which keeps ticking meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const checks = await Promise.all([engine.check(INVOICE), engine.check('<Invoice><')]);
    clearInterval(timer);
    expect(fallbacks).toEqual([]);
    expect(checks[0].verdict.valid).toBe(true);
    expect(checks[0].json).toHaveProperty('Invoice');
    expect(checks[1].verdict.valid).toBe(false);
    expect(checks[1].json).toBeUndefined();
    // The loop ran while the worker worked (inline, the checks would have held it throughout).
    expect(ticks).toBeGreaterThan(0);
    expect(await engine.json(INVOICE)).toEqual(checks[0].json);
  });

  it('starts again after it was closed', async () => {
    await engine.close();
    expect((await engine.check(INVOICE)).verdict.valid).toBe(true);
    expect(fallbacks).toEqual([]);
  });
});
