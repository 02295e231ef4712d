import { fromMinor, type Language, type Product } from '@app/contracts';
import type { holdings, orders, products } from '../../db/schema.ts';
import { presentHolding } from '../holdings/presenter.ts';

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
    discount: fromMinor(row.discount, decimals),
    paid: fromMinor(row.amount - row.discount, decimals),
    wallet: row.wallet,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The answer to a purchase, and to its replay: the order and the machine it started. */
export function presentPurchase(
  order: typeof orders.$inferSelect,
  holding: typeof holdings.$inferSelect,
  product: { name: Record<string, string>; image: string },
  figures: { lang: Language; decimals: number },
) {
  const name = localizedText(product.name, figures.lang);
  return {
    order: presentOrder(order, name, figures.decimals),
    holding: presentHolding(holding, { name, image: product.image }, figures.decimals),
  };
}
