import { fromMinor } from '@app/contracts';
import type { holdings } from '../../db/schema.ts';

/** A machine as its owner and the back office see it; the product's name is already in the request's language. */
export function presentHolding(
  row: typeof holdings.$inferSelect,
  product: { name: string; image: string },
  decimals: number,
) {
  return {
    id: row.id,
    productId: row.productId,
    productName: product.name,
    image: product.image,
    status: row.status,
    cycle: row.cycle,
    incomePerCycle: fromMinor(row.incomePerCycle, decimals),
    cyclesTotal: row.cyclesTotal,
    cyclesAccrued: row.cyclesAccrued,
    uncollected: fromMinor(row.uncollected, decimals),
    earned: fromMinor(row.incomePerCycle * BigInt(row.cyclesAccrued), decimals),
    startedAt: row.startedAt.toISOString(),
    nextIncomeAt: row.nextAccrualAt?.toISOString() ?? null,
    expiresAt: row.endsAt.toISOString(),
  };
}
