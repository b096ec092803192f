import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSlowWorkWarnings } from './slow-work.ts';

function appWithLog(slowRequestMs: number) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  registerSlowWorkWarnings(app, { slowRequestMs, blockedLoopMs: 60_000 });
  app.get('/api/wait/:ms', async (request) => {
    const { ms } = request.params as { ms: string };
    await new Promise((resolve) => setTimeout(resolve, Number(ms)));
    return { ok: true };
  });
  return { app, lines };
}

describe('slow work warnings', () => {
  it('warns about a request slower than the limit, naming its route and time', async () => {
    const { app, lines } = appWithLog(50);
    await app.inject({ url: '/api/wait/80' });
    await app.close();
    const warning = lines.find((line) => line.msg.startsWith('slow request'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(/^slow request: GET \/api\/wait\/:ms took \d+ ms$/);
  });

  it('says nothing of a request within the limit', async () => {
    const { app, lines } = appWithLog(5_000);
    await app.inject({ url: '/api/wait/1' });
    await app.close();
    expect(lines).toEqual([]);
  });
});
