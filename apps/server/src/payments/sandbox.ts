import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUCCESS_CODE } from '@app/contracts';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { sandboxPayments } from '../db/schema.ts';
import type { PaymentEvent, PaymentGateway, PayoutAnswer, WebhookEvent } from './gateway.ts';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
const TOLERANCE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;

export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * The built-in provider: a hosted pay page where the payer approves or declines, then an
 * HMAC-SHA256 signed webhook (over timestamp and raw body) to the server, retried with backoff
 * until the server acknowledges it. It keeps its own table, as an outside service would.
 * Payouts to an account number ending in "000" fail, so both outcomes can be tried.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox';
  readonly currency = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: { secret: string; webhookUrl: string; fetch?: typeof fetch },
  ) {}

  async createPayment(input: { transId: string; amount: bigint }) {
    await this.db
      .insert(sandboxPayments)
      .values({
        transId: input.transId,
        kind: 'collection',
        amount: input.amount,
        webhookUrl: this.options.webhookUrl,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing();
    // Same server, so the page opens on whatever origin the payer is using: their session stays.
    return { payUrl: `/sandbox/pay/${encodeURIComponent(input.transId)}` };
  }

  async payment(transId: string) {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.transId, transId));
    return row;
  }

  /** The payer's decision on the pay page; the webhook goes out at once and is retried until acknowledged. */
  async decide(transId: string, decision: 'approved' | 'declined'): Promise<boolean> {
    const decided = await this.db
      .update(sandboxPayments)
      .set({ status: decision, nextWebhookAt: this.clock.now() })
      .where(
        and(
          eq(sandboxPayments.transId, transId),
          eq(sandboxPayments.status, 'pending'),
          eq(sandboxPayments.kind, 'collection'),
        ),
      )
      .returning({ transId: sandboxPayments.transId });
    if (decided.length === 0) return false;
    void this.deliverWebhooks().catch((error) => this.log.error({ err: error }, 'sandbox webhook delivery failed'));
    return true;
  }

  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookEvent | null {
    const signature = headers[SIGNATURE_HEADER];
    const timestamp = headers[TIMESTAMP_HEADER];
    if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return null;
    const age = Math.abs(this.clock.now().getTime() / 1000 - Number(timestamp));
    if (age > TOLERANCE_SECONDS) return null;
    const expected = Buffer.from(signWebhook(this.options.secret, timestamp, rawBody), 'hex');
    const actual = Buffer.from(signature, 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    try {
      const body = JSON.parse(rawBody) as { transId?: unknown; status?: unknown };
      if (typeof body.transId !== 'string' || (body.status !== 'succeeded' && body.status !== 'failed')) return null;
      return {
        kind: 'payment',
        key: `${body.transId}:${body.status}`,
        type: 'payment',
        reference: body.transId,
        payment: { transId: body.transId, status: body.status, providerRef: `sandbox:${body.transId}` },
      };
    } catch {
      return null;
    }
  }

  async queryStatus(transId: string): Promise<PaymentEvent | null> {
    const row = await this.payment(transId);
    if (!row || row.status === 'pending') return null;
    return { transId, status: row.status === 'approved' ? 'succeeded' : 'failed', providerRef: `sandbox:${transId}` };
  }

  async payout(input: { reference: string; amount: bigint; to: { accountNumber: string } }): Promise<PayoutAnswer> {
    const status = input.to.accountNumber.endsWith('000') ? 'declined' : 'approved';
    await this.db
      .insert(sandboxPayments)
      .values({
        transId: input.reference,
        kind: 'payout',
        amount: input.amount,
        status,
        webhookUrl: '',
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing();
    const answer = await this.verifyPayout(input.reference);
    if (answer === 'not_found') throw new Error(`sandbox payout ${input.reference} was not recorded`);
    return answer;
  }

  async verifyPayout(reference: string): Promise<PayoutAnswer | 'not_found'> {
    const row = await this.payment(reference);
    if (!row) return 'not_found';
    return row.status === 'approved'
      ? { status: 'paid', providerRef: `sandbox:${reference}` }
      : { status: 'failed', providerRef: `sandbox:${reference}`, reason: 'The receiving account refused the payment.' };
  }

  /** Sends every due webhook once; an unacknowledged one is retried later with a doubling delay. */
  async deliverWebhooks(): Promise<{ delivered: number; failed: number }> {
    const due = await this.db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          isNull(sandboxPayments.webhookDeliveredAt),
          isNotNull(sandboxPayments.nextWebhookAt),
          lte(sandboxPayments.nextWebhookAt, this.clock.now()),
        ),
      )
      .orderBy(asc(sandboxPayments.nextWebhookAt))
      .limit(100);
    let delivered = 0;
    let failed = 0;
    for (const payment of due) {
      const rawBody = JSON.stringify({
        eventId: `${payment.transId}:${payment.status}`,
        transId: payment.transId,
        status: payment.status === 'approved' ? 'succeeded' : 'failed',
        amount: payment.amount.toString(),
      });
      const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
      let error: string | null = null;
      try {
        const response = await (this.options.fetch ?? fetch)(payment.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [TIMESTAMP_HEADER]: timestamp,
            [SIGNATURE_HEADER]: signWebhook(this.options.secret, timestamp, rawBody),
          },
          body: rawBody,
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await response.json().catch(() => null)) as { code?: number } | null;
        if (!response.ok || body?.code !== SUCCESS_CODE) error = `HTTP ${response.status} code ${body?.code ?? '-'}`;
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      const attempts = payment.webhookAttempts + 1;
      const backoff = Math.min(MAX_BACKOFF_SECONDS, 5 * 2 ** attempts);
      await this.db
        .update(sandboxPayments)
        .set(
          error
            ? {
                webhookAttempts: attempts,
                lastError: error,
                nextWebhookAt: new Date(this.clock.now().getTime() + backoff * 1000),
              }
            : { webhookAttempts: attempts, lastError: null, webhookDeliveredAt: this.clock.now(), nextWebhookAt: null },
        )
        .where(eq(sandboxPayments.transId, payment.transId));
      if (error) failed += 1;
      else delivered += 1;
    }
    return { delivered, failed };
  }
}
