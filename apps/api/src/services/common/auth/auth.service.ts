import { createHash, randomBytes } from 'node:crypto';
import type {
  AskResetPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
} from '@fiscus/contracts';
import type { UserRow } from '../../../db/schema/index.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { hashPassword, verifyPassword } from '../../../platform/passwords.ts';
import { badRequest, HttpProblem } from '../../../platform/problem-errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { AuthRepository } from './auth.repository.ts';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Background job that looks the address up and mails the reset link (payload `{ email }`). */
export const PASSWORD_RESET_MAIL_JOB = 'auth.password-reset-mail';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Login and password reset: public routes, so there is no actor to check. */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly mailer: Mailer,
    private readonly signToken: (user: UserRow) => string,
    private readonly publicUrl: string,
    private readonly jobs: JobQueue,
  ) {}

  /** Same 401 for an unknown email, a wrong password or a disabled account (no enumeration). */
  async login(body: LoginRequest): Promise<{ token: string }> {
    const user = await this.users.findByEmail(body.email);
    const passwordOk = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !passwordOk || !user.enabled) throw new HttpProblem(401, 'Invalid credentials');
    return { token: this.signToken(user) };
  }

  /**
   * Queues the reset mail; the caller always answers 204. The request does the same work whether
   * the address has an account or not (one insert), so neither the answer nor its timing tells
   * which addresses exist: the lookup happens in the job.
   */
  async askResetPassword(body: AskResetPasswordRequest): Promise<void> {
    await this.jobs.enqueue(
      PASSWORD_RESET_MAIL_JOB,
      { email: body.email.trim().toLowerCase() },
      { maxAttempts: 3 },
    );
  }

  /** The job: mails a one-time link valid 1 h when an enabled account has the address. */
  async mailResetLink(payload: unknown): Promise<void> {
    const email = (payload as { email?: unknown } | null)?.email;
    if (typeof email !== 'string') return;
    const user = await this.users.findByEmail(email);
    if (!user || !user.enabled) return;
    const token = randomBytes(32).toString('base64url');
    await this.auth.createResetToken(
      user.id,
      hashResetToken(token),
      new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    );
    const link = `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Fiscus: reset your password',
      text: `Someone asked to reset the password of ${user.email}.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this mail: your password stays the same.`,
    });
  }

  async resetPassword(body: ResetPasswordRequest): Promise<void> {
    const ok = await this.auth.resetPassword(
      hashResetToken(body.token),
      await hashPassword(body.password),
      new Date(),
    );
    if (!ok) throw badRequest('This password reset link is invalid, expired or already used.');
  }
}
