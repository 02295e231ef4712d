import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPaystackWebhook } from '../src/payments/paystack.ts';

interface Transaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  status: 'abandoned' | 'success' | 'failed';
}

interface Recipient {
  code: string;
  type: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
}

interface Transfer {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  recipient: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
  transferCode: string;
}

export interface Logged {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** Account numbers ending in this cannot be resolved: Paystack refuses to make them a recipient. */
export const UNRESOLVABLE = '999';

/**
 * A stand-in for Paystack's API on 127.0.0.1, speaking the documented requests and answers: it
 * checks the Bearer secret key and each body, keeps its own transactions, recipients and
 * transfers, and produces webhooks signed as Paystack signs them.
 */
export class FakePaystack {
  readonly secretKey = `sk_test_${randomBytes(20).toString('hex')}`;
  readonly requests: Logged[] = [];
  readonly transactions = new Map<string, Transaction>();
  readonly recipients = new Map<string, Recipient>();
  readonly transfers = new Map<string, Transfer>();
  /**
   * Requests ("POST /transfer", "POST /transaction/initialize") whose next call is lost on the way
   * or answered only once released.
   */
  private readonly trouble = new Map<string, 'unreachable' | 'hold'>();
  private held: (() => void)[] = [];
  private nextId = 4_099_260_000;
  private server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /**
   * The next call of `route` never reaches Paystack (`unreachable`), or reaches it and is
   * answered only when released (`hold`: the caller times out first).
   */
  nextTime(route: string, trouble: 'unreachable' | 'hold'): void {
    this.trouble.set(route, trouble);
  }

  /** Sends the answers held back so far (their caller has given up waiting by then). */
  release(): void {
    for (const send of this.held.splice(0)) send();
  }

  calls(method: string, prefix: string): Logged[] {
    return this.requests.filter((request) => request.method === method && request.path.startsWith(prefix));
  }

  /** The payer pays on the checkout page; `charge` sets what Paystack actually charged. */
  pay(reference: string, charge: { amount?: number; currency?: string } = {}): Transaction {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`no transaction ${reference}`);
    Object.assign(transaction, { status: 'success' }, charge);
    return transaction;
  }

  /** The transfer reaches its end at Paystack. */
  settleTransfer(reference: string, status: Transfer['status']): Transfer {
    const transfer = this.transfers.get(reference);
    if (!transfer) throw new Error(`no transfer ${reference}`);
    transfer.status = status;
    return transfer;
  }

  chargeSuccess(transaction: Transaction, secretKey = this.secretKey) {
    return this.webhook('charge.success', this.chargeJson(transaction), secretKey);
  }

  transferEvent(event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', transfer: Transfer) {
    return this.webhook(event, this.transferJson(transfer));
  }

  /** A webhook as Paystack sends it: the JSON body and its HMAC-SHA512 signature. */
  webhook(event: string, data: object, secretKey = this.secretKey) {
    const rawBody = JSON.stringify({ event, data });
    return { rawBody, signature: signPaystackWebhook(secretKey, rawBody) };
  }

  private chargeJson(t: Transaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.amount,
      gateway_response: t.status === 'success' ? 'Successful' : 'Declined',
      channel: 'card',
      currency: t.currency,
      customer: { email: t.email },
      requested_amount: t.amount,
    };
  }

  private transferJson(t: Transfer) {
    const recipient = this.recipients.get(t.recipient);
    return {
      id: t.id,
      domain: 'test',
      amount: t.amount,
      currency: t.currency,
      reference: t.reference,
      source: 'balance',
      reason: 'Withdrawal',
      status: t.status,
      failures: null,
      transfer_code: t.transferCode,
      gateway_response: t.status === 'failed' ? 'Beneficiary bank unavailable' : null,
      recipient: recipient && {
        recipient_code: recipient.code,
        type: recipient.type,
        name: recipient.name,
        details: { account_number: recipient.accountNumber, bank_code: recipient.bankCode },
      },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://paystack');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.requests.push({ method: req.method ?? '', path: url.pathname, body });
    const send = (status: number, answer: object) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    const refuse = (status: number, message: string) => send(status, { status: false, message });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return refuse(401, 'Invalid key');
    const route = `${req.method} ${url.pathname}`;
    const trouble = this.trouble.get(route);
    this.trouble.delete(route);
    if (trouble === 'unreachable') return res.destroy();
    const verified = /^GET \/(transaction|transfer)\/verify\/(.+)$/.exec(route);
    if (verified) {
      const reference = decodeURIComponent(verified[2] ?? '');
      if (verified[1] === 'transaction') {
        const transaction = this.transactions.get(reference);
        if (!transaction) return refuse(400, 'Transaction reference not found');
        return send(200, { status: true, message: 'Verification successful', data: this.chargeJson(transaction) });
      }
      const transfer = this.transfers.get(reference);
      if (!transfer) return refuse(404, 'Transfer not found');
      return send(200, { status: true, message: 'Transfer retrieved', data: this.transferJson(transfer) });
    }
    if (!body || req.headers['content-type'] !== 'application/json') return refuse(400, 'Send a JSON body');
    if (route === 'POST /transaction/initialize') {
      const { email, amount, reference, currency, callback_url } = body;
      if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        return refuse(400, 'Invalid Email Address Passed');
      if (typeof amount !== 'string' || !/^\d+$/.test(amount)) return refuse(400, 'Invalid Amount Sent');
      if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]+$/.test(reference))
        return refuse(400, 'Invalid reference');
      if (this.transactions.has(reference)) return refuse(400, 'Duplicate Transaction Reference');
      const id = this.nextId++;
      this.transactions.set(reference, {
        id,
        reference,
        email,
        amount: Number(amount),
        currency: typeof currency === 'string' ? currency : 'NGN',
        callbackUrl: String(callback_url ?? ''),
        status: 'abandoned',
      });
      const answer = () =>
        send(200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${id}`, access_code: String(id), reference },
        });
      if (trouble === 'hold') return void this.held.push(answer);
      return answer();
    }
    if (route === 'POST /transferrecipient') {
      const { type, name, account_number, bank_code, currency } = body;
      if (type !== 'nuban' && type !== 'mobile_money') return refuse(400, 'Invalid type');
      if (typeof name !== 'string' || !name) return refuse(400, 'Name is required');
      if (typeof account_number !== 'string' || typeof bank_code !== 'string' || !bank_code) {
        return refuse(400, 'Account number and bank code are required');
      }
      if (account_number.endsWith(UNRESOLVABLE)) return refuse(422, 'Cannot resolve account');
      const existing = [...this.recipients.values()].find(
        (recipient) => recipient.accountNumber === account_number && recipient.bankCode === bank_code,
      );
      const recipient = existing ?? {
        code: `RCP_${randomBytes(8).toString('hex')}`,
        type,
        name,
        accountNumber: account_number,
        bankCode: bank_code,
        currency: String(currency ?? 'NGN'),
      };
      this.recipients.set(recipient.code, recipient);
      return send(201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          recipient_code: recipient.code,
          type,
          name,
          currency: recipient.currency,
          details: { account_number, bank_code },
        },
      });
    }
    if (route === 'POST /transfer') {
      const { source, amount, recipient, reference, currency } = body;
      if (source !== 'balance') return refuse(400, 'Invalid source');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return refuse(400, 'Invalid amount');
      if (typeof recipient !== 'string' || !this.recipients.has(recipient)) return refuse(400, 'Recipient not found');
      if (typeof reference !== 'string' || !/^[a-z0-9_-]{16,50}$/.test(reference))
        return refuse(400, 'Invalid reference');
      if (this.transfers.has(reference)) return refuse(400, 'Duplicate Transfer Reference');
      const transfer: Transfer = {
        id: this.nextId++,
        reference,
        amount,
        currency: String(currency ?? 'NGN'),
        recipient,
        status: 'pending',
        transferCode: `TRF_${randomBytes(8).toString('hex')}`,
      };
      this.transfers.set(reference, transfer);
      const answer = () =>
        send(200, { status: true, message: 'Transfer has been queued', data: this.transferJson(transfer) });
      if (trouble === 'hold') return void this.held.push(answer);
      return answer();
    }
    return refuse(404, `No route ${route}`);
  }
}
