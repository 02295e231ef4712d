import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { insertNotice } from './repository.ts';

/** What the product tells a user, with the values its text needs; money in minor units. */
export type Notice =
  | { notice: 'withdrawal_paid'; userId: number; amount: bigint }
  | { notice: 'withdrawal_rejected'; userId: number; amount: bigint; reason: string }
  | { notice: 'deposit_credited'; userId: number; amount: bigint }
  | { notice: 'level_reached'; userId: number; level: Record<string, string> }
  | { notice: 'prize_shipped'; userId: number; prize: Record<string, string>; tracking: string }
  | { notice: 'contact_reply'; userId: number; reply: string };

/**
 * How services tell a user something in their system messages. Called with the transaction of the
 * state change, so the message exists exactly when the change does.
 */
export class MessageNotifier {
  constructor(private readonly clock: Clock) {}

  async notify(db: Db, notice: Notice): Promise<number> {
    const { notice: key, userId, ...values } = notice;
    const params = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === 'bigint' ? value.toString() : value]),
    );
    return insertNotice(db, { userId, notice: key, params, at: this.clock.now() });
  }
}
