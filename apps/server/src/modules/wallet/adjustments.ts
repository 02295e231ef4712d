import { type AdjustableWallet, fromMinor, toMinor } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { journalEntries, journalLines, users } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { assetOf, lockUserAccount } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';

/**
 * An operator's system increase (positive) or decrease (negative): a ledger entry against the
 * house adjustments account (points against the points issued, as every point given), with the
 * reason in its memo and an audit row, in one transaction. Points are whole (the contract's check).
 */
export class AdjustmentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
  ) {}

  async adjust(
    userId: number,
    input: { wallet: AdjustableWallet; amount: string; reason: string },
    actor: Actor & { adminId: number },
    idempotencyKey?: string,
  ) {
    const points = input.wallet === 'points';
    // Points have no decimals: the amount is counted, and shown, as it is.
    const decimals = points ? 0 : await this.config.get('app_currency_decimals');
    const asset = assetOf(input.wallet);
    const house = points ? 'points_issued' : 'adjustments';
    let amount: bigint;
    try {
      amount = toMinor(input.amount, decimals);
    } catch {
      throw new AppError('AMOUNT_INVALID', { decimals });
    }
    if (amount === 0n) throw new AppError('INVALID_INPUT', { field: 'amount' });
    const key = idempotencyKey ? `adjust:${actor.adminId}:${idempotencyKey}` : undefined;
    try {
      return await inTransaction(this.db, async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!user) throw new AppError('USER_NOT_FOUND');
        const account = await lockUserAccount(tx, userId, input.wallet);
        if (account.balance + amount < 0n) {
          throw new AppError('ADJUST_BELOW_ZERO', { balance: fromMinor(account.balance, decimals) });
        }
        const now = this.clock.now();
        const entryId = await postEntry(tx, {
          type: amount > 0n ? 'system_increase' : 'system_decrease',
          userId,
          refType: 'admin',
          refId: String(actor.adminId),
          idempotencyKey: key,
          memo: input.reason,
          adminId: actor.adminId,
          at: now,
          lines: [
            { accountId: account.id, asset, amount },
            { accountId: this.ledger.house(house, userId), asset, amount: -amount },
          ],
        });
        const balance = fromMinor(account.balance + amount, decimals);
        await recordAudit(tx, actor, {
          action: amount > 0n ? 'wallet.increase' : 'wallet.decrease',
          target: `user:${userId}`,
          before: { wallet: input.wallet, balance: fromMinor(account.balance, decimals) },
          after: { wallet: input.wallet, balance, amount: input.amount, reason: input.reason, entryId },
          at: now,
        });
        return { entryId, balance };
      });
    } catch (error) {
      if (key && isUniqueViolation(error, 'journal_entries_idempotency_key')) {
        const [entry] = await this.db
          .select({ id: journalEntries.id, userId: journalEntries.userId, memo: journalEntries.memo })
          .from(journalEntries)
          .where(eq(journalEntries.idempotencyKey, key));
        if (entry) {
          const account = await lockUserAccount(this.db, userId, input.wallet);
          const [line] = await this.db
            .select({ amount: journalLines.amount })
            .from(journalLines)
            .where(and(eq(journalLines.entryId, entry.id), eq(journalLines.accountId, account.id)));
          const sameRequest = entry.userId === userId && entry.memo === input.reason && line?.amount === amount;
          if (!sameRequest) throw new AppError('IDEMPOTENCY_MISMATCH');
          return { entryId: entry.id, balance: fromMinor(account.balance, decimals) };
        }
      }
      throw error;
    }
  }
}
