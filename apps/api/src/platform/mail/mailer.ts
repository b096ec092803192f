import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { OutboxRepository } from './outbox.repository.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Outgoing mail. Callers do not know whether it goes to SMTP or to the sandbox outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const SEND_MAIL_JOB = 'mail.send';

/** Sandbox / no SMTP: mails are stored and listed at GET /api/dev/outbox. */
export class OutboxMailer implements Mailer {
  constructor(private readonly outbox: OutboxRepository) {}

  async send(mail: Mail): Promise<void> {
    await this.outbox.insert({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
    });
  }
}

/**
 * SMTP: a send is queued as a job so a mail server that is down delays the mail (retries with
 * back-off) instead of failing the request that caused it.
 */
export class QueuedSmtpMailer implements Mailer {
  constructor(private readonly jobs: JobQueue) {}

  async send(mail: Mail): Promise<void> {
    await this.jobs.enqueue(SEND_MAIL_JOB, mail, { maxAttempts: 8, backoffMs: 30_000 });
  }
}

/** The job handler that actually talks SMTP. */
export function smtpSendHandler(smtpUrl: string, from: string) {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return async (payload: unknown) => {
    const mail = payload as Mail;
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  };
}
