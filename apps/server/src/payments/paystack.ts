import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromMinor, toMinor } from '@app/contracts';
import { z } from 'zod';
import { sha256 } from '../security.ts';
import {
  type PaymentEvent,
  type PaymentGateway,
  type PayoutAnswer,
  type PayoutEvent,
  type PayoutTarget,
  ProviderUnavailable,
  ReferenceTaken,
  type WebhookEvent,
} from './gateway.ts';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';
/** Paystack counts every currency it settles in hundredths of it (kobo, pesewas, cents). */
const SUBUNIT_DECIMALS = 2;

/** Paystack's signature of a webhook: HMAC-SHA512 of the raw body with the secret key, in hex. */
export function signPaystackWebhook(secretKey: string, rawBody: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export interface PaystackOptions {
  secretKey: string;
  /** https://api.paystack.co, or a stand-in in tests. */
  baseUrl: string;
  /** The currency of every collection and transfer ("NGN"). */
  currency: string;
  /** The page the payer comes back to after paying: the web app's deposit status page. */
  callbackUrl: (transId: string) => string;
  /** Domain of the stable placeholder email of a payer who signed up with a phone number. */
  payerEmailDomain: string;
  /** How long one request to Paystack may take before its outcome counts as unknown. */
  timeoutMs: number;
}

const id = z.union([z.number(), z.string()]).transform(String);

/** A transaction (charge) as webhooks and GET /transaction/verify carry it. */
const charge = z.object({
  id,
  reference: z.string(),
  status: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
});

/** A transfer as webhooks, POST /transfer and GET /transfer/verify carry it. */
const transfer = z.object({
  id: id.optional(),
  reference: z.string(),
  status: z.string(),
  transfer_code: z.string().optional(),
  gateway_response: z.string().nullish(),
});
type Transfer = z.infer<typeof transfer>;

/** Statuses after which Paystack moves the money no more (its "conclusive" ones), other than success. */
const TRANSFER_FAILED = ['failed', 'reversed', 'abandoned', 'blocked', 'rejected'];

const PAYOUT_OUTCOMES: Record<string, PayoutEvent['outcome']> = {
  'transfer.success': 'paid',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/** Our minor units as Paystack's hundredths; null when the amount is finer than a hundredth. */
function inSubunits(amount: bigint, decimals: number): bigint | null {
  try {
    return toMinor(fromMinor(amount, decimals), SUBUNIT_DECIMALS);
  } catch {
    return null;
  }
}

interface Answer {
  httpStatus: number;
  ok: boolean;
  message: string;
  data: unknown;
}

/** A request Paystack read and refused (bad details, insufficient balance): nothing was created. */
const refused = (answer: Answer) => !answer.ok && (answer.httpStatus === 400 || answer.httpStatus === 422);

/**
 * Paystack (https://paystack.com/docs/api): collections through its hosted checkout, payouts as
 * transfers from the Paystack balance to a saved recipient, webhooks signed with the secret key,
 * and verification by reference for reconciliation.
 */
export class PaystackGateway implements PaymentGateway {
  readonly provider = 'paystack';
  readonly currency: string;

  constructor(private readonly options: PaystackOptions) {
    this.currency = options.currency;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
    let response: Response;
    let parsed: { status?: unknown; message?: unknown; data?: unknown } | null;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      parsed = (await response.json().catch(() => null)) as typeof parsed;
    } catch (error) {
      throw new ProviderUnavailable(`Paystack ${method} ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (typeof parsed?.status !== 'boolean') {
      throw new ProviderUnavailable(`Paystack ${method} ${path}: HTTP ${response.status} without an answer`);
    }
    return {
      httpStatus: response.status,
      ok: response.ok && parsed.status,
      message: typeof parsed.message === 'string' ? parsed.message : '',
      data: parsed.data,
    };
  }

  private unavailable(path: string, answer: Answer): ProviderUnavailable {
    return new ProviderUnavailable(`Paystack ${path}: HTTP ${answer.httpStatus} ${answer.message}`);
  }

  private paid(data: z.infer<typeof charge>) {
    return { amount: fromMinor(BigInt(data.amount), SUBUNIT_DECIMALS), currency: data.currency };
  }

  async createPayment(input: {
    transId: string;
    reference: string;
    amount: bigint;
    decimals: number;
    payer: { userId: number; email: string | null };
  }) {
    const path = '/transaction/initialize';
    const amount = inSubunits(input.amount, input.decimals);
    if (amount === null) throw new RangeError(`deposit ${input.transId} is finer than Paystack's hundredths`);
    const answer = await this.request('POST', path, {
      email: input.payer.email ?? `user-${input.payer.userId}@${this.options.payerEmailDomain}`,
      amount: amount.toString(),
      currency: this.options.currency,
      reference: input.reference,
      callback_url: this.options.callbackUrl(input.transId),
    });
    // Paystack keeps one transaction per reference: "Duplicate Transaction Reference".
    if (refused(answer) && /duplicate/i.test(answer.message)) {
      throw new ReferenceTaken(`Paystack ${path}: ${input.reference}: ${answer.message}`);
    }
    const payUrl = (answer.data as { authorization_url?: unknown } | undefined)?.authorization_url;
    if (!answer.ok || typeof payUrl !== 'string') throw this.unavailable(path, answer);
    return { payUrl };
  }

  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookEvent | null {
    const signature = headers[PAYSTACK_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return null;
    const expected = Buffer.from(signPaystackWebhook(this.options.secretKey, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
    let body: { event?: unknown; data?: unknown };
    try {
      body = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const type = typeof body.event === 'string' ? body.event : 'unknown';
    const outcome = PAYOUT_OUTCOMES[type];
    if (outcome) {
      const data = transfer.safeParse(body.data);
      if (data.success && data.data.id) {
        return {
          kind: 'payout',
          key: `${type}:${data.data.id}`,
          type,
          reference: data.data.reference,
          payout: {
            reference: data.data.reference,
            outcome,
            providerRef: data.data.transfer_code ?? `paystack:${data.data.id}`,
            reason: outcome === 'paid' ? undefined : this.failureReason(data.data),
          },
        };
      }
    }
    if (type === 'charge.success') {
      const data = charge.safeParse(body.data);
      if (data.success && data.data.status === 'success') {
        return {
          kind: 'payment',
          key: `${type}:${data.data.id}`,
          type,
          reference: data.data.reference,
          payment: {
            transId: data.data.reference,
            status: 'succeeded',
            providerRef: `paystack:${data.data.id}`,
            paid: this.paid(data.data),
          },
        };
      }
    }
    // Signed, so Paystack's: acknowledged and recorded, but nothing we act on.
    const objectId = id.safeParse((body.data as { id?: unknown } | undefined)?.id);
    return {
      kind: 'other',
      key: `${type}:${objectId.success ? objectId.data : sha256(rawBody)}`,
      type,
      reference: null,
    };
  }

  async queryStatus(reference: string): Promise<PaymentEvent | null> {
    const path = `/transaction/verify/${encodeURIComponent(reference)}`;
    const answer = await this.request('GET', path);
    // Not at Paystack (the payer never reached the checkout): nothing to conclude yet.
    if (answer.httpStatus === 404 || refused(answer)) return null;
    const data = charge.safeParse(answer.data);
    if (!answer.ok || !data.success) throw this.unavailable(path, answer);
    const providerRef = `paystack:${data.data.id}`;
    if (data.data.status === 'success')
      return { transId: reference, status: 'succeeded', providerRef, paid: this.paid(data.data) };
    if (data.data.status === 'failed') return { transId: reference, status: 'failed', providerRef };
    return null;
  }

  async payout(input: {
    reference: string;
    amount: bigint;
    decimals: number;
    to: PayoutTarget;
  }): Promise<PayoutAnswer> {
    const { to } = input;
    let recipientCode = to.recipientCode;
    if (!recipientCode) {
      if (!to.institutionCode) {
        return {
          status: 'failed',
          providerRef: '',
          reason: `No Paystack code is set for ${to.type === 'bank' ? 'this bank' : 'this operator'}.`,
        };
      }
      const created = await this.request('POST', '/transferrecipient', {
        type: to.type === 'bank' ? 'nuban' : 'mobile_money',
        name: to.holderName,
        account_number: to.accountNumber,
        bank_code: to.institutionCode,
        currency: this.options.currency,
      });
      if (refused(created)) return { status: 'failed', providerRef: '', reason: created.message };
      const code = (created.data as { recipient_code?: unknown } | undefined)?.recipient_code;
      if (!created.ok || typeof code !== 'string') throw this.unavailable('/transferrecipient', created);
      recipientCode = code;
    }
    const amount = inSubunits(input.amount, input.decimals);
    if (amount === null)
      return { status: 'failed', providerRef: '', reason: 'The amount is finer than Paystack counts.' };
    const sent = await this.request('POST', '/transfer', {
      source: 'balance',
      amount: Number(amount),
      recipient: recipientCode,
      reference: input.reference,
      currency: this.options.currency,
      reason: 'Withdrawal',
    });
    if (refused(sent)) return { status: 'failed', providerRef: '', reason: sent.message, recipientCode };
    const data = transfer.safeParse(sent.data);
    if (!sent.ok || !data.success) throw this.unavailable('/transfer', sent);
    return { ...this.transferAnswer(data.data), recipientCode };
  }

  async verifyPayout(reference: string): Promise<PayoutAnswer | 'not_found'> {
    const path = `/transfer/verify/${encodeURIComponent(reference)}`;
    const answer = await this.request('GET', path);
    if (answer.httpStatus === 404 || (refused(answer) && /not found/i.test(answer.message))) return 'not_found';
    const data = transfer.safeParse(answer.data);
    if (!answer.ok || !data.success) throw this.unavailable(path, answer);
    return this.transferAnswer(data.data);
  }

  private transferAnswer(data: Transfer): PayoutAnswer {
    const providerRef = data.transfer_code ?? `paystack:${data.id ?? data.reference}`;
    if (data.status === 'success') return { status: 'paid', providerRef };
    if (TRANSFER_FAILED.includes(data.status)) {
      return { status: 'failed', providerRef, reason: this.failureReason(data) };
    }
    return { status: 'pending', providerRef };
  }

  private failureReason(data: Transfer): string {
    return `Paystack: transfer ${data.status}${data.gateway_response ? ` (${data.gateway_response})` : ''}`;
  }
}
