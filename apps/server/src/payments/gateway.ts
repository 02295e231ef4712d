/** What a payment provider tells us about a payment, once its webhook is verified. */
export interface PaymentEvent {
  transId: string;
  status: 'succeeded' | 'failed';
  providerRef: string;
}

export interface PayoutResult {
  status: 'paid' | 'failed';
  providerRef: string;
  reason?: string;
}

/**
 * A payment provider: collections (top-ups) and payouts (withdrawals). Real providers (a
 * mobile-money collection API, a card acquirer) implement the same four operations.
 */
export interface PaymentGateway {
  readonly provider: string;
  createPayment(input: { transId: string; amount: bigint; decimals: number }): Promise<{ payUrl: string }>;
  /** Returns the event when the signature and timestamp check out, null otherwise. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentEvent | null;
  queryStatus(transId: string): Promise<'pending' | 'succeeded' | 'failed' | 'unknown'>;
  /** Idempotent by `reference`: asking twice pays once and answers the same result. */
  payout(input: { reference: string; amount: bigint; accountNumber: string }): Promise<PayoutResult>;
}
