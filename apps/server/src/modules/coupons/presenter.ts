import { type Coupon, fromMinor } from '@app/contracts';
import type { CouponRow } from './repository.ts';
import { couponStatus } from './rules.ts';

export function presentCoupon(row: CouponRow, now: Date, decimals: number): Coupon {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    amount: row.kind === 'percent_off' ? row.amount.toString() : fromMinor(row.amount, decimals),
    minSpend: fromMinor(row.minSpend, decimals),
    expiresAt: row.expiresAt.toISOString(),
    status: couponStatus(row, now),
  };
}

export function presentAdminCoupon(row: CouponRow, account: string, now: Date, decimals: number) {
  return {
    ...presentCoupon(row, now, decimals),
    userId: row.userId,
    account,
    source: row.source,
    orderId: row.orderId,
    usedAt: row.usedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
