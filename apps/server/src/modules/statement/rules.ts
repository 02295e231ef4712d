import {
  type EntryType,
  formatDecimal,
  fromMinor,
  interpolate,
  type Language,
  SOURCE_TEXTS,
  type SourceKey,
} from '@app/contracts';
import { maskAccount } from '../team/rules.ts';

/** A ledger line of one of the user's wallets, with what its entry says of its cause. */
export interface WalletLine {
  id: number;
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
  entryId: number;
  type: EntryType;
  refType: string | null;
  refId: string | null;
  memo: string;
  memberId: number | null;
}

/** What a line's entry says of its cause: all that naming its source needs. */
export type EntryRef = Pick<WalletLine, 'id' | 'entryId' | 'type' | 'refType' | 'refId' | 'memo' | 'memberId'>;

/** What the entries of a page refer to, each kind of reference read in one query. */
export interface References {
  orders: Map<number, { orderNo: string; amount: bigint; discount: bigint; product: Record<string, string> }>;
  holdings: Map<number, { product: Record<string, string> }>;
  /** An accrual entry's machines: how many, and the product of one of them. */
  accruals: Map<number, { machines: number; product: Record<string, string> }>;
  withdrawals: Map<number, { orderNo: string; accountNumber: string; bankName: string; reason: string | null }>;
  levels: Map<number, { name: Record<string, string> }>;
  /** A redeem code by its redemption: only its hint (`…JKMN`); the code itself is kept hashed. */
  codes: Map<number, { hint: string }>;
  draws: Map<number, { campaign: Record<string, string>; prize: Record<string, string> }>;
  events: Map<number, { title: Record<string, string> }>;
  members: Map<number, { account: string }>;
}

/** How money and names are written in a source: the user's language and the platform's currency. */
export interface SourceContext {
  lang: Language;
  decimals: number;
  currency: string;
}

const textIn = (text: Record<string, string> | undefined, lang: Language) => text?.[lang] || text?.en || '';

/**
 * What moved a wallet, from its entry's type and reference (`References`), as the statement and
 * the records name it; null where the entry says nothing more than its type (the client shows the
 * type's own name then).
 */
export function sourceOf(line: EntryRef, refs: References, context: SourceContext): string | null {
  const found = describe(line, refs, context);
  return found ? interpolate(SOURCE_TEXTS[found[0]][context.lang], found[1], context.lang) : null;
}

function describe(
  line: EntryRef,
  refs: References,
  { lang, decimals, currency }: SourceContext,
): [SourceKey, Record<string, string | number>] | null {
  const money = (minor: bigint) => formatDecimal(fromMinor(minor, decimals), lang, currency);
  const id = Number(line.refId);
  const member = line.memberId === null ? undefined : refs.members.get(line.memberId);
  const memberName = member ? maskAccount(member.account) : '';
  const order = line.refType === 'order' ? refs.orders.get(id) : undefined;
  const orderParams = order ? { product: textIn(order.product, lang), orderNo: order.orderNo } : undefined;
  const byType: Partial<Record<EntryType, () => [SourceKey, Record<string, string | number>] | null>> = {
    purchase: () =>
      order && orderParams
        ? order.discount > 0n
          ? [
              'purchaseWithCoupon',
              { ...orderParams, paid: money(order.amount - order.discount), discount: money(order.discount) },
            ]
          : ['purchase', orderParams]
        : null,
    distribution_profit: () => (member ? ['commission', { member: memberName }] : null),
    new_invite_bonus: () => (member ? ['inviteBonus', { member: memberName }] : null),
    repurchase_bonus: () => (orderParams ? ['repurchaseBonus', orderParams] : null),
    product_profit: () => {
      const accrued = refs.accruals.get(line.entryId);
      if (!accrued) return null;
      return accrued.machines === 1
        ? ['machineIncome', { product: textIn(accrued.product, lang) }]
        : ['machinesIncome', { count: accrued.machines }];
    },
    deposit_guarantee: () => {
      const holding = line.refType === 'holding' ? refs.holdings.get(id) : undefined;
      return holding ? ['principalReturned', { product: textIn(holding.product, lang) }] : null;
    },
    collection: () => ['collected', {}],
    deposit: () => (line.refId ? ['deposit', { transId: line.refId }] : null),
    withdrawal: () => withdrawal('withdrawal'),
    withdrawal_fee: () => withdrawal('withdrawalFee'),
    withdrawal_refund: () => {
      const row = refs.withdrawals.get(id);
      if (!row) return null;
      const reason = row.reason ?? line.memo;
      return reason
        ? ['withdrawalRefundBecause', { orderNo: row.orderNo, reason }]
        : ['withdrawalRefund', { orderNo: row.orderNo }];
    },
    system_increase: () => ['adjustment', { reason: line.memo }],
    system_decrease: () => ['adjustment', { reason: line.memo }],
    vip_activation: () => {
      const level = refs.levels.get(id);
      return level ? ['levelActivation', { level: textIn(level.name, lang) }] : null;
    },
    team_rank_prize: () => (line.memo ? ['teamRankPrize', { team: line.memo }] : null),
    points_earned: () => (orderParams ? ['purchasePoints', orderParams] : rewarded()),
    points_spent: () => {
      const draw = line.refType === 'draw' ? refs.draws.get(id) : undefined;
      return draw ? ['drawSpent', { draw: textIn(draw.campaign, lang) }] : null;
    },
    other_profit: () => (line.refType === 'collection' ? ['levelBonus', {}] : rewarded()),
  };

  function withdrawal(key: 'withdrawal' | 'withdrawalFee'): [SourceKey, Record<string, string>] | null {
    const row = refs.withdrawals.get(id);
    if (!row) return null;
    return [key, { orderNo: row.orderNo, account: `${row.bankName} ****${row.accountNumber.slice(-4)}` }];
  }

  /** A reward paid by a redeem code, a draw's prize or an event. */
  function rewarded(): [SourceKey, Record<string, string>] | null {
    if (line.refType === 'redemption') {
      const code = refs.codes.get(id);
      return code ? ['redeemCode', { hint: code.hint }] : null;
    }
    if (line.refType === 'draw') {
      const draw = refs.draws.get(id);
      return draw ? ['drawPrize', { draw: textIn(draw.campaign, lang), prize: textIn(draw.prize, lang) }] : null;
    }
    if (line.refType === 'event') {
      const event = refs.events.get(id);
      return event ? ['eventReward', { event: textIn(event.title, lang) }] : null;
    }
    return null;
  }

  return byType[line.type]?.() ?? null;
}
