import { interpolate, type Language, type MessageChannel, type Translations } from '@app/contracts';
import { and, desc, eq, ilike, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { cursorId, pageOf } from '../domain/paging.ts';

export interface OutgoingMessage {
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
  code?: string;
}

/** Delivers a message through a real provider (SMTP, an SMS API). */
export interface Transport {
  deliver(message: OutgoingMessage): Promise<void>;
}

export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    async deliver(message) {
      await mailer.sendMail({ from, to: message.recipient, subject: message.subject, text: message.body });
    },
  };
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

/** What the outbox and the log show in place of a code that only its recipient may read. */
export const HIDDEN_CODE = '••••••';

/**
 * Every message is kept in the outbox, delivered or not: operators read it in the back office,
 * and the embedded run (no SMTP, no SMS provider) relies on it to show verification codes.
 * Elsewhere (`exposeCodes` off) the outbox and the log keep a code's message without the code.
 */
export class Notifier {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      exposeCodes: boolean;
      transports?: Partial<Record<OutgoingMessage['channel'], Transport>>;
    },
  ) {}

  async sendCode(
    channel: OutgoingMessage['channel'],
    recipient: string,
    code: string,
    lang: Language,
    minutes: number,
  ) {
    const withCode = (shown: string) => ({
      channel,
      recipient,
      subject: CODE_MESSAGE.subject[lang],
      body: interpolate(CODE_MESSAGE.body[lang], { code: shown, minutes }, lang),
    });
    const message = { ...withCode(code), code };
    await this.send(message, this.options.exposeCodes ? message : withCode(HIDDEN_CODE));
  }

  /** Delivers `message`; the outbox and the log keep `kept`, the same message unless a code is hidden. */
  async send(message: OutgoingMessage, kept: OutgoingMessage = message): Promise<void> {
    const [row] = await this.db
      .insert(outbox)
      .values({ ...kept, code: kept.code ?? null, createdAt: this.clock.now() })
      .returning({ id: outbox.id });
    const transport = this.options.transports?.[message.channel];
    if (!transport) {
      this.log.info(
        { outboxId: row?.id, channel: kept.channel, recipient: kept.recipient, code: kept.code },
        `outbox: no ${kept.channel} provider configured, message kept in the outbox${kept.code ? ` (code ${kept.code})` : ''}`,
      );
      return;
    }
    try {
      await transport.deliver(message);
      if (row) await this.db.update(outbox).set({ delivered: true }).where(eq(outbox.id, row.id));
    } catch (error) {
      this.log.error({ err: error, outboxId: row?.id }, 'message delivery failed; kept in the outbox');
    }
  }

  async list(query: { cursor?: string; limit: number; q?: string }) {
    const filters: (SQL | undefined)[] = [];
    if (query.cursor) filters.push(lt(outbox.id, cursorId(query.cursor)));
    if (query.q) filters.push(ilike(outbox.recipient, `%${query.q}%`));
    const rows = await this.db
      .select()
      .from(outbox)
      .where(and(...filters))
      .orderBy(desc(outbox.id))
      .limit(query.limit + 1);
    return pageOf(rows, query.limit, presentMessage);
  }

  async lastTo(recipient: string, limit = 10) {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.id))
      .limit(limit);
    return rows.map(presentMessage);
  }
}

function presentMessage(row: typeof outbox.$inferSelect) {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  };
}
