import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../src/notify/twilio.ts';

/** What a stand-in does with the next requests instead of answering them as the provider would. */
export type Trouble = '5xx' | 'timeout';

/** A message a stand-in took, as the provider would have sent it to the phone. */
export interface Taken {
  id: string;
  to: string;
  from: string | null;
  body: string;
  /** Where the provider reports what became of it (Twilio's StatusCallback). */
  callback: string | null;
}

/** A request a stand-in answered, with how. */
export interface Answered {
  status: number;
  form: Record<string, string>;
}

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A stand-in for an SMS provider's API on 127.0.0.1: checks credentials and fields as the provider
 * does, answers in its shapes, keeps what it took, and fails on demand: `failNext` answers the next
 * requests with a 5xx or never answers them (a timeout), and `refuse` makes a number one the
 * provider refuses for good.
 */
abstract class SmsStandIn {
  readonly taken: Taken[] = [];
  readonly answered: Answered[] = [];
  readonly refused = new Set<string>();
  private readonly trouble: Trouble[] = [];
  private outage: Trouble | null = null;
  private readonly hanging = new Set<ServerResponse>();
  private readonly server = createServer((req, res) => void this.receive(req, res));
  url = '';

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next `count` requests fail this way, whatever they carry. */
  failNext(count: number, trouble: Trouble): void {
    for (let i = 0; i < count; i++) this.trouble.push(trouble);
  }

  /** Every request fails this way until `recover`: the provider is down. */
  down(trouble: Trouble = '5xx'): void {
    this.outage = trouble;
  }

  recover(): void {
    this.outage = null;
    this.trouble.splice(0);
  }

  /** The messages taken for `to`, oldest first. */
  to(to: string): Taken[] {
    return this.taken.filter((message) => message.to === to);
  }

  /** The verification code in the last message taken for `to`. */
  lastCode(to: string): string {
    const code = /\b(\d{6})\b/.exec(this.to(to).at(-1)?.body ?? '')?.[1];
    if (!code) throw new Error(`no code reached ${to}`);
    return code;
  }

  protected abstract answer(req: IncomingMessage, path: string, form: URLSearchParams): [number, object | string];

  private async receive(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    const trouble = this.outage ?? this.trouble.shift();
    if (trouble === 'timeout') {
      this.hanging.add(res);
      return;
    }
    const [status, body] =
      trouble === '5xx'
        ? this.serverError()
        : req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
          ? this.answer(req, new URL(req.url ?? '/', 'http://provider').pathname, form)
          : this.badRequest();
    this.answered.push({ status, form: Object.fromEntries(form) });
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  protected abstract serverError(): [number, object | string];
  protected abstract badRequest(): [number, object | string];
}

/** Twilio's REST API as documented (https://www.twilio.com/docs/messaging/api/message-resource). */
export class FakeTwilio extends SmsStandIn {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  /** The account's SMS-capable senders: its number and an alphanumeric id. */
  readonly senders = new Set(['+15005550006', 'Minerva']);
  readonly messagingServiceSid = `MG${randomBytes(16).toString('hex')}`;

  /** The variables that point a server at this stand-in. */
  env(publicUrl: string): Record<string, string> {
    return {
      PUBLIC_URL: publicUrl,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: this.accountSid,
      TWILIO_AUTH_TOKEN: this.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_BASE_URL: this.url,
    };
  }

  private error(status: number, code: number, message: string): [number, object] {
    return [status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }];
  }

  protected serverError(): [number, object] {
    return this.error(500, 20500, 'An internal server error has occurred');
  }

  protected badRequest(): [number, object] {
    return this.error(400, 21609, 'Invalid request: the body must be form-encoded');
  }

  protected answer(req: IncomingMessage, path: string, form: URLSearchParams): [number, object] {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${this.accountSid}/Messages.json`) {
      return this.error(404, 20404, `The requested resource ${path} was not found`);
    }
    if (req.headers.authorization !== expected) return this.error(401, 20003, 'Authenticate');
    const to = form.get('To');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body');
    if (!to) return this.error(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return this.error(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from && !service) return this.error(400, 21603, "A 'From' phone number is required.");
    if (service && service !== this.messagingServiceSid) {
      return this.error(400, 21701, `The Messaging Service ${service} does not exist`);
    }
    if (from && !service && !this.senders.has(from)) {
      return this.error(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!body) return this.error(400, 21602, 'Message body is required.');
    const callback = form.get('StatusCallback');
    if (callback !== null && !/^https?:\/\//.test(callback)) {
      return this.error(400, 21609, `Invalid StatusCallback URL: ${callback}`);
    }
    if (this.refused.has(to)) return this.error(400, 21610, 'Attempt to send to unsubscribed recipient');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.taken.push({ id: sid, to, from, body, callback });
    const now = new Date().toUTCString();
    return [
      201,
      {
        account_sid: this.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: service ? null : from,
        messaging_service_sid: service,
        num_media: '0',
        num_segments: String(Math.ceil(body.length / 160)),
        price: null,
        price_unit: 'USD',
        sid,
        status: service ? 'accepted' : 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
      },
    ];
  }

  /**
   * The status callback Twilio posts for `message` (form and X-Twilio-Signature), signed with
   * `authToken` (another token makes a forged one).
   */
  statusCallback(message: Taken, status: string, options: { errorCode?: string; authToken?: string } = {}) {
    const form = new URLSearchParams({
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      From: message.from ?? '',
      MessageSid: message.id,
      MessageStatus: status,
      SmsSid: message.id,
      SmsStatus: status,
      To: message.to,
      ...(options.errorCode ? { ErrorCode: options.errorCode } : {}),
    });
    const url = message.callback ?? '';
    return { url, form, signature: twilioSignature(options.authToken ?? this.authToken, url, form) };
  }
}

/** Africa's Talking's SMS API as documented (https://developers.africastalking.com/docs/sms/sending). */
export class FakeAfricasTalking extends SmsStandIn {
  readonly username = `minerva-${randomBytes(3).toString('hex')}`;
  readonly apiKey = `atsk_${randomBytes(24).toString('hex')}`;
  readonly callbackSecret = randomBytes(24).toString('hex');
  /** The sender ids registered on the account. */
  readonly senders = new Set(['MINERVA']);

  env(publicUrl: string): Record<string, string> {
    return {
      PUBLIC_URL: publicUrl,
      SMS_PROVIDER: 'africastalking',
      AFRICASTALKING_USERNAME: this.username,
      AFRICASTALKING_API_KEY: this.apiKey,
      AFRICASTALKING_FROM: 'MINERVA',
      AFRICASTALKING_BASE_URL: this.url,
      AFRICASTALKING_CALLBACK_SECRET: this.callbackSecret,
    };
  }

  protected serverError(): [number, string] {
    return [500, 'Internal Server Error'];
  }

  protected badRequest(): [number, string] {
    return [400, 'Request body must be form-encoded'];
  }

  private recipient(number: string, statusCode: number, status: string, messageId = 'None') {
    const cost = statusCode === 101 ? 'NGN 2.2000' : '0';
    return {
      SMSMessageData: {
        Message: `Sent to ${statusCode === 101 ? 1 : 0}/1 Total Cost: ${cost}`,
        Recipients: [{ statusCode, number, status, cost, messageId }],
      },
    };
  }

  protected answer(req: IncomingMessage, path: string, form: URLSearchParams): [number, object | string] {
    if (req.method !== 'POST' || path !== '/version1/messaging') return [404, 'Not Found'];
    if (req.headers.apikey !== this.apiKey || form.get('username') !== this.username) {
      return [401, 'The supplied authentication is invalid'];
    }
    const to = form.get('to');
    const message = form.get('message');
    const from = form.get('from');
    if (!to) return [400, "Request is missing required form field 'to'"];
    if (!message) return [400, "Request is missing required form field 'message'"];
    if (from && !this.senders.has(from)) return [201, this.recipient(to, 402, 'InvalidSenderId')];
    if (!E164.test(to)) return [201, this.recipient(to, 403, 'InvalidPhoneNumber')];
    if (this.refused.has(to)) return [201, this.recipient(to, 406, 'UserInBlacklist')];
    const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
    this.taken.push({ id: messageId, to, from, body: message, callback: null });
    return [201, this.recipient(to, 101, 'Success', messageId)];
  }

  /** A delivery report as Africa's Talking posts it to the report URL set in its dashboard. */
  deliveryReport(message: Taken, status: string, failureReason?: string) {
    return new URLSearchParams({
      id: message.id,
      status,
      phoneNumber: message.to,
      networkCode: '62130',
      retryCount: '0',
      ...(failureReason ? { failureReason } : {}),
    });
  }
}
