import { createHmac, timingSafeEqual } from 'node:crypto';
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

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';
/** Where Twilio reports each message's status (its `StatusCallback`), under PUBLIC_URL. */
export const TWILIO_STATUS_PATH = '/api/v1/sms/twilio/status';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A number or an alphanumeric sender id; or else a Messaging Service picks the sender. */
  from?: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com, or a stand-in in tests. */
  baseUrl: string;
  /** The StatusCallback every message names: PUBLIC_URL + TWILIO_STATUS_PATH. */
  statusCallbackUrl: string;
  /** How long a request may take (default PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Twilio's signature of a request it sends (X-Twilio-Signature): HMAC-SHA1, keyed with the auth
 * token, of the full URL followed by each POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, form: URLSearchParams): string {
  const pairs = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = pairs.reduce((text, [name, value]) => text + name + value, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * Twilio's errors about the message itself (https://www.twilio.com/docs/api/errors): a number that
 * is not one, cannot take SMS, opted out (STOP), or lies in a region the account may not reach.
 * Sending it again changes nothing; anything else (auth, rate, 5xx) may pass later.
 */
const REFUSED_FOR_GOOD = new Set([21211, 21408, 21610, 21612, 21614, 21635]);

/** A message's status in Twilio's callbacks (MessageStatus), as the outbox keeps it. */
const RECEIPT_STATUSES: Record<string, Receipt['status']> = {
  accepted: 'sent',
  scheduled: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

/** SMS through Twilio's Programmable Messaging (POST /2010-04-01/Accounts/{sid}/Messages.json). */
export class TwilioSms implements SmsTransport {
  readonly receiptPath = TWILIO_STATUS_PATH;
  readonly provider = 'twilio';

  constructor(private readonly options: TwilioOptions) {}

  async deliver(message: Deliverable): Promise<Accepted> {
    const { accountSid, authToken, from, messagingServiceSid, baseUrl, statusCallbackUrl } = this.options;
    const form = new URLSearchParams({ To: message.recipient, Body: message.body, StatusCallback: statusCallbackUrl });
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else if (from) form.set('From', from);
    const answer = await postForm(
      'Twilio',
      `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` },
      form,
      this.options.timeoutMs,
    );
    const body = jsonOf(answer.text) as { sid?: unknown; code?: unknown; message?: unknown } | null;
    if (answer.status === 201 && typeof body?.sid === 'string') return { providerId: body.sid };
    const code = typeof body?.code === 'number' ? body.code : null;
    const reason = typeof body?.message === 'string' ? body.message : answer.text.slice(0, 200);
    throw new DeliveryFailed(
      `Twilio HTTP ${answer.status}${code ? ` error ${code}` : ''}: ${reason}`,
      code !== null && REFUSED_FOR_GOOD.has(code),
    );
  }

  receipt(request: ProviderRequest): Receipt | null {
    const signature = request.headers[TWILIO_SIGNATURE_HEADER];
    if (typeof signature !== 'string') return null;
    const expected = Buffer.from(twilioSignature(this.options.authToken, request.url, request.form));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const sid = request.form.get('MessageSid');
    const status = RECEIPT_STATUSES[request.form.get('MessageStatus') ?? ''];
    if (!sid || !status) return null;
    const errorCode = request.form.get('ErrorCode');
    return {
      provider: this.provider,
      providerId: sid,
      status,
      reason:
        status === 'failed'
          ? `Twilio ${request.form.get('MessageStatus')}${errorCode ? ` (error ${errorCode})` : ''}`
          : undefined,
    };
  }
}
