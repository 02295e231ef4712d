import { type Coupon, fromMinor, type Language } from '@app/contracts';
import { localizedText } from '../products/presenter.ts';
import type { CouponRow } from './repository.ts';
import { couponStatus } from './rules.ts';

export function presentCoupon(row: CouponRow, now: Date, decimals: number, lang: Language): Coupon {
  return {
    id: row.id,
    name: localizedText(row.name, lang),
    kind: row.kind,
    amount: row.kind === 'percent_off' ? row.amount.toString() : fromMinor(row.amount, decimals),
    minSpend: fromMinor(row.minSpend, decimals),
    expiresAt: row.expiresAt.toISOString(),
    status: couponStatus(row, now),
  };
}

export function presentAdminCoupon(row: CouponRow, account: string, now: Date, decimals: number) {
  return {
    ...presentCoupon(row, now, decimals, 'en'),
    nameI18n: row.name,
    userId: row.userId,
    account,
    source: row.source,
    orderId: row.orderId,
    usedAt: row.usedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
