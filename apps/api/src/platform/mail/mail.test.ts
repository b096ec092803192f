import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { openJobBoss } from '../jobs/job-boss.ts';
import { JobQueue, JobWorker } from '../jobs/job-queue.ts';
import { QueuedSmtpMailer, SEND_MAIL_JOB, smtpSendHandler } from './mailer.ts';

/** A minimal SMTP server that records each message it accepts. */
function startSmtpServer(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, messages }),
    );
  });
}

let sandbox: TestApp;
let production: TestApp;
beforeAll(async () => {
  [sandbox, production] = await Promise.all([createTestApp(), createTestApp({ SANDBOX: 'false' })]);
});
afterAll(async () => {
  await Promise.all([sandbox.close(), production.close()]);
});

describe('outbox (no SMTP_URL)', () => {
  it('keeps mails and lists them newest first at /api/dev/outbox', async () => {
    await sandbox.app.platform.mailer.send({ to: 'a@example.test', subject: 'First', text: 'one' });
    await sandbox.app.platform.mailer.send({
      to: 'b@example.test',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
    });
    // Administrators read every mail (the access rules are in test/security/accounts.test.ts).
    const { token } = await sandbox.createUser({ roles: { common: ['ROLE_ADMIN'] } });
    const all = await sandbox.request({ method: 'GET', url: '/api/dev/outbox', token });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(all.json()[0]).toMatchObject({ to: 'b@example.test', text: 'two', html: '<p>two</p>' });

    const filtered = await sandbox.request({
      method: 'GET',
      url: '/api/dev/outbox?to=a@example.test',
      token,
      headers: { accept: 'application/ld+json' },
    });
    expect(filtered.json()['hydra:totalItems']).toBe(1);
  });

  it('does not exist outside sandbox', async () => {
    const response = await production.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('SMTP (SMTP_URL set)', () => {
  it('queues the mail as a job that delivers it over SMTP', async () => {
    const smtp = await startSmtpServer();
    try {
      const logger = pino({ level: 'silent' });
      const boss = await openJobBoss(sandbox.app.platform.database, logger);
      const queue = new JobQueue(boss);
      const mailer = new QueuedSmtpMailer(queue);
      await mailer.send({ to: 'dest@example.test', subject: 'Hello SMTP', text: 'Body text' });
      const [queued] = await queue.jobsOf(SEND_MAIL_JOB);
      expect(queued).toMatchObject({ status: 'pending', payload: { to: 'dest@example.test' } });

      const worker = new JobWorker({ boss, logger }).register(
        SEND_MAIL_JOB,
        smtpSendHandler(`smtp://127.0.0.1:${smtp.port}`, 'Fiscus <no-reply@fiscus.test>'),
      );
      expect(await worker.runOnce()).toBe(1);
      expect(await queue.find(queued!.id)).toMatchObject({ status: 'done' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('Subject: Hello SMTP');
      expect(smtp.messages[0]).toContain('To: dest@example.test');
      expect(smtp.messages[0]).toContain('Body text');
    } finally {
      smtp.server.close();
    }
  });

  it('keeps the mail for a retry when the SMTP server is down', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await new Promise((resolve) => smtp.server.close(resolve));
    const logger = pino({ level: 'silent' });
    const boss = await openJobBoss(sandbox.app.platform.database, logger);
    const queue = new JobQueue(boss);
    const id = await queue.enqueue(
      SEND_MAIL_JOB,
      { to: 'x@example.test', subject: 'S', text: 'T' },
      { maxAttempts: 3 },
    );
    const worker = new JobWorker({ boss, logger }).register(
      SEND_MAIL_JOB,
      smtpSendHandler(`smtp://127.0.0.1:${port}`, 'no-reply@fiscus.test'),
    );
    await worker.runOnce();
    const row = await queue.find(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
  });
});
