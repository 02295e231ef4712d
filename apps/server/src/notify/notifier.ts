import {
  interpolate,
  type Language,
  type MessageChannel,
  type StoredCodePurpose,
  type Translations,
} from '@app/contracts';
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
  purpose: StoredCodePurpose;
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
 * What the owner of an account receives when someone asks for a sign-up code with it: no code
 * (sign-up with that account cannot succeed), but where to sign in or set a new password. The
 * request is answered as for a new account, so only the owner learns the account exists.
 */
const ACCOUNT_TAKEN_MESSAGE: { subject: Translations; body: Translations } = {
  subject: {
    en: 'You already have an account',
    es: 'Ya tienes una cuenta',
    fr: 'Vous avez déjà un compte',
    vi: 'Bạn đã có tài khoản',
    th: 'คุณมีบัญชีอยู่แล้ว',
    zh: '您已有账号',
  },
  body: {
    en: 'Someone tried to sign up with this email or phone, which already has an account. If it was you, sign in, or use "Forgot password?" to set a new password. If not, ignore this message.',
    es: 'Alguien intentó registrarse con este correo o teléfono, que ya tiene una cuenta. Si fuiste tú, inicia sesión o usa «¿Olvidaste tu contraseña?» para crear una nueva. Si no, ignora este mensaje.',
    fr: "Quelqu'un a tenté de s'inscrire avec cet e-mail ou ce téléphone, qui a déjà un compte. Si c'était vous, connectez-vous, ou utilisez « Mot de passe oublié ? » pour en choisir un nouveau. Sinon, ignorez ce message.",
    vi: 'Có người đã thử đăng ký bằng email hoặc số điện thoại này, vốn đã có tài khoản. Nếu là bạn, hãy đăng nhập hoặc dùng "Quên mật khẩu?" để đặt mật khẩu mới. Nếu không, hãy bỏ qua tin nhắn này.',
    th: 'มีผู้พยายามสมัครด้วยอีเมลหรือเบอร์นี้ ซึ่งมีบัญชีอยู่แล้ว หากเป็นคุณ กรุณาเข้าสู่ระบบ หรือใช้ "ลืมรหัสผ่าน?" เพื่อตั้งรหัสผ่านใหม่ หากไม่ใช่คุณ ไม่ต้องสนใจข้อความนี้',
    zh: '有人尝试用此邮箱或手机号注册，但它已有账号。如果是您本人，请直接登录，或使用“忘记密码？”设置新密码。如果不是您，请忽略此消息。',
  },
};

/** The notice to the owner of `recipient` that someone tried to sign up with it, in `lang`; it carries no code. */
export function accountTakenMessage(
  channel: MessageChannel,
  recipient: string,
  lang: Language,
): Omit<OutgoingMessage, 'code'> {
  return {
    channel,
    recipient,
    subject: ACCOUNT_TAKEN_MESSAGE.subject[lang],
    body: ACCOUNT_TAKEN_MESSAGE.body[lang],
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
