import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { passwordResetTokens, users } from '../../../db/schema/index.ts';

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async createResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  }

  /**
   * Consumes a reset token and sets the new password in one transaction; the conditional UPDATE
   * makes a token usable once even when two requests race. Resolves false for an unknown, used
   * or expired token.
   */
  async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [token] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!token) return false;
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, token.userId));
      // Older links of the same account stop working too.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)),
        );
      return true;
    });
  }
}
