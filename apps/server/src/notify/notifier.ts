import { type CodePurpose, interpolate, type Language, type MessageChannel, type Translations } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { seal } from '../security.ts';
import { messageDeadline } from './delivery-rules.ts';

/** What the outbox and the log show in place of a code that only its recipient may read. */
export const HIDDEN_CODE = '••••••';

/** A verification code a message carries: written into its body only when it is sent. */
export interface CarriedCode {
  value: string;
  /** Its row in verification_codes, so the message can be sent again with it, or with a fresh one. */
  id: number;
  purpose: CodePurpose;
  /** The code's validity: the message is not tried after it. */
  expiresAt: Date;
}

export interface OutgoingMessage {
  channel: MessageChannel;
  recipient: string;
  subject: string;
  /** With HIDDEN_CODE where the code goes, when the message carries one. */
  body: string;
  code?: CarriedCode;
}

const CODE_MESSAGE: { subject: Translations; body: Translations } = {
  subject: {
    en: 'Your verification code',
    es: 'Tu código de verificación',
    fr: 'Votre code de vérification',
    vi: 'Mã xác minh của bạn',
    th: 'รหัสยืนยันของคุณ',
    zh: '您的验证码',
  },
  body: {
    en: 'Your verification code is {code}. It is valid for {minutes, plural, one {# minute} other {# minutes}}. Never share it with anyone.',
    es: 'Tu código de verificación es {code}. Es válido durante {minutes, plural, one {# minuto} many {# minutos} other {# minutos}}. No lo compartas con nadie.',
    fr: 'Votre code de vérification est {code}. Il est valable {minutes, plural, one {# minute} many {# minutes} other {# minutes}}. Ne le communiquez à personne.',
    vi: 'Mã xác minh của bạn là {code}. Mã có hiệu lực trong {minutes} phút. Không chia sẻ mã với bất kỳ ai.',
    th: 'รหัสยืนยันของคุณคือ {code} ใช้ได้ {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    zh: '您的验证码是{code}，{minutes}分钟内有效。请勿告诉任何人。',
  },
};

/** A verification code's message in `lang`, the code itself left out (HIDDEN_CODE). */
export function codeMessage(
  channel: MessageChannel,
  recipient: string,
  lang: Language,
  minutes: number,
): Omit<OutgoingMessage, 'code'> {
  return {
    channel,
    recipient,
    subject: CODE_MESSAGE.subject[lang],
    body: interpolate(CODE_MESSAGE.body[lang], { code: HIDDEN_CODE, minutes }, lang),
  };
}

/**
 * Queues every outgoing email and SMS as an outbox row, in the caller's transaction: the message
 * exists exactly when what caused it does, and the `deliveries` job sends it (`deliveries.ts`).
 * A code is kept readable only where codes may be shown (the trial, TEST_MODE); elsewhere it is
 * sealed until sent, so neither the table nor the back office shows it.
 */
export class Notifier {
  constructor(
    private readonly clock: Clock,
    private readonly options: {
      exposeCodes: boolean;
      /** Seals codes waiting to be sent (`derivedKey` of the server's secret). */
      sealKey: Buffer;
      /** Asks the sender to send these messages now rather than at the job's next round. */
      wake: (ids: number[]) => void;
    },
  ) {}

  async enqueue(tx: Db, message: OutgoingMessage): Promise<number> {
    const now = this.clock.now();
    const { code, ...text } = message;
    const [row] = await tx
      .insert(outbox)
      .values({
        ...text,
        ...this.codeColumns(code),
        status: 'queued',
        nextAttemptAt: now,
        deadline: code?.expiresAt ?? messageDeadline(now),
        createdAt: now,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    return row.id;
  }

  /**
   * Queues a message that failed once more, due now until `deadline`; with `fresh`, carrying that
   * code in place of the one it had.
   */
  async requeue(tx: Db, id: number, deadline: Date, fresh?: CarriedCode): Promise<void> {
    await tx
      .update(outbox)
      .set({
        ...(fresh ? this.codeColumns(fresh) : {}),
        status: 'queued',
        nextAttemptAt: this.clock.now(),
        deadline,
        claimedUntil: null,
      })
      .where(eq(outbox.id, id));
  }

  private codeColumns(code: CarriedCode | undefined) {
    const { exposeCodes, sealKey } = this.options;
    return {
      code: code && exposeCodes ? code.value : null,
      sealedCode: code && !exposeCodes ? seal(sealKey, code.value) : null,
      codeId: code?.id ?? null,
      purpose: code?.purpose ?? null,
    };
  }

  /** Call once the transaction that queued these messages has committed: they go out now. */
  wake(ids: number[]): void {
    this.options.wake(ids);
  }
}
