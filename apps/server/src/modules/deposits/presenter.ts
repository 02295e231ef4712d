import { fromMinor } from '@app/contracts';
import type { deposits } from '../../db/schema.ts';

/** A top-up as its user sees it; `payUrl` only where the answer carries the provider's page. */
export function presentDeposit(row: typeof deposits.$inferSelect, decimals: number, payUrl = '') {
  return {
    transId: row.transId,
    amount: fromMinor(row.amount, decimals),
    status: row.status,
    methodId: row.methodId,
    payUrl,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The web app's page that follows a top-up (where a provider sends the payer back). */
export function depositStatusPage(transId: string): string {
  return `/wallet/depositStatus?transId=${encodeURIComponent(transId)}`;
}
