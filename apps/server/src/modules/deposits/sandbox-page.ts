import { fromMinor } from '@app/contracts';
import type { sandboxPayments } from '../../db/schema.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The sandbox provider's hosted page: the payer sees the amount and approves or declines. */
export function sandboxPage(payment: typeof sandboxPayments.$inferSelect | undefined, decimals: number): string {
  const body = !payment
    ? '<p data-testid="sandbox-missing">This payment does not exist.</p>'
    : payment.status !== 'pending'
      ? `<p data-testid="sandbox-done">This payment was already ${escapeHtml(payment.status)}.</p>
         <a href="/wallet/depositStatus?transId=${encodeURIComponent(payment.transId)}">Back to the app</a>`
      : `<p class="amount" data-testid="sandbox-amount">${fromMinor(payment.amount, decimals)}</p>
         <p>Payment <code>${escapeHtml(payment.transId)}</code></p>
         <form method="post" action="/sandbox/pay/${encodeURIComponent(payment.transId)}/approve">
           <button data-testid="sandbox-approve" class="approve">Approve payment</button></form>
         <form method="post" action="/sandbox/pay/${encodeURIComponent(payment.transId)}/decline">
           <button data-testid="sandbox-decline" class="decline">Decline</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox Pay</title><style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;margin:0;display:flex;justify-content:center}
main{background:#fff;max-width:380px;width:100%;margin:40px 16px;padding:24px;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:18px;margin:0 0 8px}.amount{font-size:32px;font-weight:700;margin:16px 0}
button{width:100%;padding:14px;border:0;border-radius:8px;font-size:16px;margin-top:12px;cursor:pointer}
.approve{background:#15803d;color:#fff}.decline{background:#e5e7eb}small{color:#6b7280}
</style></head><body><main><h1>Sandbox Pay</h1><small>A test payment provider: no real money moves.</small>${body}</main></body></html>`;
}
