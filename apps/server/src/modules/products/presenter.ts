import { CYCLE_SECONDS, type Cycle, fromMinor, type Language, type Product } from '@app/contracts';
import type { holdings, orders, products } from '../../db/schema.ts';

type ProductRow = typeof products.$inferSelect;

export function localizedText(text: Record<string, string>, lang: Language): string {
  return text[lang] || text.en || '';
}

/** Percent with two decimals of what the machine pays back over its life, e.g. "150.00". */
export function totalReturnRate(price: bigint, totalIncome: bigint): string {
  return fromMinor((totalIncome * 10_000n) / price, 2);
}

export function presentProduct(
  row: ProductRow,
  figures: { lang: Language; decimals: number; sold: number; purchased: number },
): Product {
  const totalIncome = row.incomePerCycle * BigInt(row.cycles);
  const money = (minor: bigint) => fromMinor(minor, figures.decimals);
  return {
    id: row.id,
    name: localizedText(row.name, figures.lang),
    description: localizedText(row.description, figures.lang),
    image: row.image,
    price: money(row.price),
    cycle: row.cycle,
    incomePerCycle: money(row.incomePerCycle),
    cycles: row.cycles,
    totalIncome: money(totalIncome),
    totalReturnRate: totalReturnRate(row.price, totalIncome),
    points: row.points,
    purchaseLimit: row.purchaseLimit,
    purchased: figures.purchased,
    sold: figures.sold,
    stock: row.stock === null ? null : row.stock - row.stockSold,
    limitedTime: row.saleEndsAt !== null,
    saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    principalReturned: row.principalReturned,
  };
}

export function presentOrder(row: typeof orders.$inferSelect, productName: string, decimals: number) {
  return {
    id: row.id,
    orderNo: row.orderNo,
    productId: row.productId,
    productName,
    quantity: row.quantity,
    amount: fromMinor(row.amount, decimals),
    wallet: row.wallet,
    createdAt: row.createdAt.toISOString(),
  };
}

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

export function cycleEnd(start: Date, cycle: Cycle, cycles: number): Date {
  return new Date(start.getTime() + CYCLE_SECONDS[cycle] * cycles * 1000);
}
