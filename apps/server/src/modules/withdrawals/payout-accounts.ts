import { type api, type Language, type ParsedInputOf, phoneMinDigitsFor } from '@app/contracts';
import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { payoutAccounts, users } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';

type AccountInput = ParsedInputOf<typeof api.cash.addPayoutAccount>;
type AccountRow = typeof payoutAccounts.$inferSelect;

export function presentPayoutAccount(row: AccountRow) {
  return {
    id: row.id,
    type: row.type,
    holderName: row.holderName,
    accountNumber: row.accountNumber,
    bankName: row.bankName,
    operator: row.operator,
    status: row.status,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Bank accounts and cards are 6–30 digits; a 16–19 digit number must pass the card checksum. */
export function validAccountNumber(type: AccountRow['type'], number: string, phoneMinDigits: number): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (type === 'mobile_money')
    return /^\+?\d+$/.test(digits) && digits.replace('+', '').length >= phoneMinDigits && digits.length <= 16;
  if (!/^\d{6,30}$/.test(digits)) return false;
  return digits.length < 16 || digits.length > 19 || luhn(digits);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export class PayoutAccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  async options() {
    const { banks, mobile_money_operators, payout_account_approval } = await this.config.all();
    return {
      banks: banks.map((bank) => bank.name),
      operators: mobile_money_operators.map((operator) => operator.name),
      approvalRequired: payout_account_approval,
    };
  }

  async list(userId: number) {
    const rows = await this.db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)))
      .orderBy(asc(payoutAccounts.id));
    return rows.map(presentPayoutAccount);
  }

  private async validated(input: AccountInput, lang: Language) {
    const cfg = await this.config.all();
    const { banks, mobile_money_operators, payout_account_approval } = cfg;
    const phone_min_digits = phoneMinDigitsFor(cfg, lang);
    const accountNumber = input.accountNumber.replace(/[\s-]/g, '');
    if (!validAccountNumber(input.type, accountNumber, phone_min_digits)) throw new AppError('ACCOUNT_NUMBER_INVALID');
    const offers = (list: { name: string }[], name: string | undefined) => list.some((entry) => entry.name === name);
    if (input.type === 'bank' && !offers(banks, input.bankName)) throw new AppError('BANK_REQUIRED');
    if (input.type === 'mobile_money' && !offers(mobile_money_operators, input.operator)) {
      throw new AppError('OPERATOR_REQUIRED');
    }
    return {
      type: input.type,
      holderName: input.holderName,
      accountNumber,
      bankName: input.type === 'bank' ? (input.bankName ?? null) : null,
      operator: input.type === 'mobile_money' ? (input.operator ?? null) : null,
      status: payout_account_approval ? ('pending' as const) : ('approved' as const),
      rejectReason: null,
      // The provider's saved payee was made for the old details.
      recipientCode: null,
    };
  }

  async add(userId: number, input: AccountInput, lang: Language) {
    const values = await this.validated(input, lang);
    const now = this.clock.now();
    const [row] = await this.db
      .insert(payoutAccounts)
      .values({ ...values, userId, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('payout account insert returned nothing');
    return presentPayoutAccount(row);
  }

  /** An edited account goes back to approval where the operator requires it. */
  async update(userId: number, id: number, input: AccountInput, lang: Language) {
    const values = await this.validated(input, lang);
    const [row] = await this.db
      .update(payoutAccounts)
      .set({ ...values, updatedAt: this.clock.now() })
      .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)))
      .returning();
    if (!row) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
    return presentPayoutAccount(row);
  }

  /** Kept for the withdrawals that name it; it just no longer shows or accepts withdrawals. */
  async remove(userId: number, id: number): Promise<null> {
    const [row] = await this.db
      .update(payoutAccounts)
      .set({ deletedAt: this.clock.now() })
      .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)))
      .returning({ id: payoutAccounts.id });
    if (!row) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
    return null;
  }

  /**
   * Remembers the provider's payee made for this account's details, unless the account was
   * edited meanwhile (its payee is then made again for the new details).
   */
  async rememberRecipient(account: AccountRow, recipientCode: string): Promise<void> {
    await this.db
      .update(payoutAccounts)
      .set({ recipientCode })
      .where(and(eq(payoutAccounts.id, account.id), eq(payoutAccounts.updatedAt, account.updatedAt)));
  }

  /** The account a withdrawal goes to: the user's own, not deleted, approved where required. */
  async usable(userId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)));
    if (!row) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
    if (row.status === 'pending') throw new AppError('PAYOUT_ACCOUNT_PENDING');
    if (row.status === 'rejected') throw new AppError('PAYOUT_ACCOUNT_REJECTED', { reason: row.rejectReason ?? '' });
    return row;
  }

  async adminList(query: { cursor?: string; limit: number; status?: AccountRow['status'] }) {
    const rows = await this.db
      .select({ account: payoutAccounts, userAccount: users.account })
      .from(payoutAccounts)
      .innerJoin(users, eq(users.id, payoutAccounts.userId))
      .where(
        and(
          isNull(payoutAccounts.deletedAt),
          query.status ? eq(payoutAccounts.status, query.status) : undefined,
          query.cursor ? lt(payoutAccounts.id, cursorId(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(payoutAccounts.id))
      .limit(query.limit + 1);
    return pageOf(rows, query.limit, (row) => ({
      ...presentPayoutAccount(row.account),
      userId: row.account.userId,
      userAccount: row.userAccount,
    }));
  }

  async review(id: number, decision: 'approved' | 'rejected', reason: string | null, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.id, id)).for('update');
      if (!before || before.deletedAt) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND');
      const [after] = await tx
        .update(payoutAccounts)
        .set({ status: decision, rejectReason: decision === 'rejected' ? reason : null, updatedAt: this.clock.now() })
        .where(eq(payoutAccounts.id, id))
        .returning();
      const [user] = await tx.select({ account: users.account }).from(users).where(eq(users.id, before.userId));
      await recordAudit(tx, actor, {
        action: decision === 'approved' ? 'payoutAccount.approve' : 'payoutAccount.reject',
        target: `payoutAccount:${id}`,
        before: { status: before.status },
        after: { status: decision, reason },
        at: this.clock.now(),
      });
      return { ...presentPayoutAccount(after ?? before), userId: before.userId, userAccount: user?.account ?? '' };
    });
  }
}
