import type { PayoutAccountType, PayoutOutcome } from '@app/contracts';

/** What the provider says was paid, in major units ("150.00") and its currency code ("NGN"). */
export interface Paid {
  amount: string;
  currency: string;
}

/** What a payment provider tells us about a payment (a top-up), once verified. */
export interface PaymentEvent {
  /** The provider's reference of the payment: the top-up's transId, or a later reference of it. */
  transId: string;
  status: 'succeeded' | 'failed';
  providerRef: string;
  /** Present when the provider reports it: a success that differs from the deposit credits nothing. */
  paid?: Paid;
}

/** The provider's verdict on a payout; `reversed` is money it paid and the receiving bank returned. */
export interface PayoutEvent {
  reference: string;
  outcome: PayoutOutcome;
  providerRef: string;
  reason?: string;
}

/**
 * A verified webhook. `key` names the event itself (its type and the provider's id), so the same
 * event delivered again, by a retry or a replay, is recognised.
 */
export type WebhookEvent = { key: string; type: string; reference: string | null } & (
  | { kind: 'payment'; payment: PaymentEvent }
  | { kind: 'payout'; payout: PayoutEvent }
  | { kind: 'other' }
);

/** Where a payout goes: the withdrawal's snapshot of the payout account. */
export interface PayoutTarget {
  type: PayoutAccountType;
  holderName: string;
  accountNumber: string;
  /** The provider's code of the bank or operator; '' when the operator configured none. */
  institutionCode: string;
  /** The provider's saved payee for these details, when one was made before. */
  recipientCode: string | null;
}

/**
 * The provider's answer to a payout request. `pending`: it took the payout and answers later (a
 * webhook, or reconciliation). `failed`: it refused before any money moved.
 */
export interface PayoutAnswer {
  status: 'paid' | 'failed' | 'pending';
  providerRef: string;
  reason?: string;
  /** A payee the provider saved for these details, to remember on the payout account. */
  recipientCode?: string;
}

/**
 * A payment provider: collections (top-ups) and payouts (withdrawals). A call the provider did
 * not answer clearly (a timeout, a server error) throws: its outcome is unknown until verified.
 */
export interface PaymentGateway {
  readonly provider: string;
  /** The currency it charges and pays in ("NGN"); null when it counts in the app's own units. */
  readonly currency: string | null;
  /**
   * Opens the payment at the provider under `reference` (the top-up's transId, or a later reference
   * of it: `depositReference`) and answers its pay page. Throws `ReferenceTaken` when the provider
   * already has a payment under that reference (an earlier call reached it and its answer was lost).
   */
  createPayment(input: {
    transId: string;
    reference: string;
    amount: bigint;
    decimals: number;
    payer: { userId: number; email: string | null };
  }): Promise<{ payUrl: string }>;
  /** The event when the request is signed by the provider, null otherwise. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookEvent | null;
  /**
   * The outcome of the payment under this reference when the provider has one (its `transId` is
   * the reference asked about); null while it is pending or unknown there.
   */
  queryStatus(reference: string): Promise<PaymentEvent | null>;
  /** Idempotent by `reference`: asking again with the same reference never pays twice. */
  payout(input: { reference: string; amount: bigint; decimals: number; to: PayoutTarget }): Promise<PayoutAnswer>;
  /** The payout's state at the provider; `not_found` when it never reached the provider. */
  verifyPayout(reference: string): Promise<PayoutAnswer | 'not_found'>;
}

/** The provider gave no clear answer (unreachable, timed out, a server error): the outcome is unknown. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * The provider already has a payment under this reference and opened nothing: an earlier request
 * reached it and its answer was lost. Verify that payment, or open the top-up under a new reference.
 */
export class ReferenceTaken extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceTaken';
  }
}
