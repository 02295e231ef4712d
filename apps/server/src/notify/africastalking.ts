import { timingSafeEqual } from 'node:crypto';
import {
  type Accepted,
  type Deliverable,
  DeliveryFailed,
  jsonOf,
  type ProviderRequest,
  postForm,
  type Receipt,
  type SmsTransport,
} from './transport.ts';

/** Where Africa's Talking posts delivery reports, under PUBLIC_URL, with `?secret=` appended. */
export const AFRICASTALKING_DELIVERY_PATH = '/api/v1/sms/africastalking/delivery';

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** A registered sender id or short code; the account's default when absent. */
  from?: string;
  /** https://api.africastalking.com (or its sandbox), or a stand-in in tests. */
  baseUrl: string;
  /** Africa's Talking does not sign its reports: the report URL carries this secret. */
  callbackSecret: string;
  /** How long a request may take (default PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * A recipient's status that sending again cannot change (the number is not one, cannot take this
 * SMS, or refused it); others (a risk hold, the balance, the gateway) may pass later.
 */
const REFUSED_FOR_GOOD = new Set([403, 404, 406, 409]);

/** A delivery report's `status`, as the outbox keeps it. */
const RECEIPT_STATUSES: Record<string, Receipt['status']> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
};

interface Recipient {
  statusCode?: unknown;
  status?: unknown;
  messageId?: unknown;
}

/** SMS through Africa's Talking (POST /version1/messaging, header `apiKey`). */
export class AfricasTalkingSms implements SmsTransport {
  readonly receiptPath = AFRICASTALKING_DELIVERY_PATH;
  readonly provider = 'africastalking';

  constructor(private readonly options: AfricasTalkingOptions) {}

  async deliver(message: Deliverable): Promise<Accepted> {
    const { username, apiKey, from, baseUrl } = this.options;
    const form = new URLSearchParams({ username, to: message.recipient, message: message.body });
    if (from) form.set('from', from);
    const answer = await postForm(
      "Africa's Talking",
      `${baseUrl}/version1/messaging`,
      { apiKey },
      form,
      this.options.timeoutMs,
    );
    const data = (jsonOf(answer.text) as { SMSMessageData?: { Message?: unknown; Recipients?: unknown } } | null)
      ?.SMSMessageData;
    const recipient = (Array.isArray(data?.Recipients) ? data.Recipients[0] : undefined) as Recipient | undefined;
    if (answer.status < 200 || answer.status >= 300 || !recipient) {
      const reason = typeof data?.Message === 'string' ? data.Message : answer.text.slice(0, 200);
      throw new DeliveryFailed(`Africa's Talking HTTP ${answer.status}: ${reason}`);
    }
    if (recipient.status === 'Success' && typeof recipient.messageId === 'string') {
      return { providerId: recipient.messageId };
    }
    const code = typeof recipient.statusCode === 'number' ? recipient.statusCode : null;
    throw new DeliveryFailed(
      `Africa's Talking ${String(recipient.status)}${code ? ` (${code})` : ''}`,
      code !== null && REFUSED_FOR_GOOD.has(code),
    );
  }

  receipt(request: ProviderRequest): Receipt | null {
    const given = Buffer.from(request.query.get('secret') ?? '');
    const expected = Buffer.from(this.options.callbackSecret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const id = request.form.get('id');
    const reported = request.form.get('status') ?? '';
    const status = RECEIPT_STATUSES[reported];
    if (!id || !status) return null;
    const reason = request.form.get('failureReason');
    return {
      provider: this.provider,
      providerId: id,
      status,
      reason: status === 'failed' ? `Africa's Talking ${reported}${reason ? `: ${reason}` : ''}` : undefined,
    };
  }
}
