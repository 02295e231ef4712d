import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { WebhookEvent } from '../../payments/gateway.ts';
import type { ConfigService } from '../config/service.ts';
import type { DepositService } from '../deposits/service.ts';
import type { WithdrawalService } from '../withdrawals/service.ts';

/**
 * Applies a verified provider webhook exactly once. The event is recorded by its key in the same
 * transaction as its effect: the same event again (Paystack's retries, or a replay of a captured
 * request, which its signature alone cannot tell apart) finds the key taken and moves nothing,
 * and an event whose effect failed is not recorded, so the provider's retry applies it.
 */
export class PaymentWebhooks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawalService,
  ) {}

  async apply(provider: string, event: WebhookEvent): Promise<string> {
    const decimals = await this.config.get('app_currency_decimals');
    return inTransaction(this.db, async (tx) => {
      const [fresh] = await tx
        .insert(paymentEvents)
        .values({
          provider,
          eventKey: event.key,
          type: event.type,
          reference: event.reference,
          outcome: 'applying',
          receivedAt: this.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ key: paymentEvents.eventKey });
      if (!fresh) return 'replayed';
      const outcome =
        event.kind === 'payment'
          ? await this.deposits.settle(event.payment, { db: tx, decimals })
          : event.kind === 'payout'
            ? await this.withdrawals.settlePayout(provider, event.payout, { db: tx })
            : 'ignored';
      await tx
        .update(paymentEvents)
        .set({ outcome })
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, event.key)));
      return outcome;
    });
  }
}
