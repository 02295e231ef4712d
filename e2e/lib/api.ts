import { SUCCESS_CODE } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface TestUser {
  id: number;
  account: string;
  password: string;
  inviteCode: string;
  token: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    msg: string,
  ) {
    super(`${path} answered ${code}: ${msg}`);
  }
}

/** `GET /bill`: decimal strings, e.g. "450.00". */
export interface Bill {
  totalAssets: string;
  rechargeBalance: string;
  incomeBalance: string;
  uncollected: string;
  [figure: string]: string;
}

let counter = 0;
/** A fresh email address for one journey, unique within a run and across runs. */
export function uniqueAccount(label: string): string {
  counter += 1;
  return `e2e-${label}-${Date.now().toString(36)}${counter}@example.com`;
}

/** Shortcuts to the user API, the back-office API and the test hooks of one running server. */
export class Api {
  constructor(readonly baseUrl: string) {}

  /** Raw envelope of a call; does not throw on a business error code. */
  async envelope<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Envelope<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status !== 200) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return (await response.json()) as Envelope<T>;
  }

  async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string): Promise<T> {
    const answer = await this.envelope<T>(method, path, body, token ? { authorization: token } : {});
    if (answer.code !== SUCCESS_CODE) throw new ApiFailure(path, answer.code, answer.msg);
    return answer.data;
  }

  /** The newest verification code sent to an account (test outbox). */
  async lastCode(account: string): Promise<string> {
    const messages = await this.request<{ code: string | null }[]>(
      'GET',
      `/api/v1/__test/outbox?account=${encodeURIComponent(account)}`,
    );
    const code = messages.find((message) => message.code)?.code;
    if (!code) throw new Error(`no code in the outbox of ${account}`);
    return code;
  }

  /** Signs a user up through the API (send code, read it from the outbox, register). */
  async createUser(account: string, password = 'Secret123', inviteCode?: string): Promise<TestUser> {
    await this.request('POST', '/api/v1/user/sendCode', { account, purpose: 'register' });
    const code = await this.lastCode(account);
    const session = await this.request<{ token: string; user: { id: number; inviteCode: string } }>(
      'POST',
      '/api/v1/user/register',
      { account, code, password, repeatPassword: password, agree: true, ...(inviteCode ? { inviteCode } : {}) },
    );
    return { id: session.user.id, account, password, inviteCode: session.user.inviteCode, token: session.token };
  }

  async login(account: string, password: string): Promise<string> {
    const session = await this.request<{ token: string }>('POST', '/api/v1/user/login', { account, password });
    return session.token;
  }

  /** Changes the password from a new session: every other session of the user ends. */
  async changePassword(user: TestUser, password: string): Promise<void> {
    const token = await this.login(user.account, user.password);
    await this.request(
      'POST',
      '/api/v1/user/changePassword',
      { oldPassword: user.password, password, repeatPassword: password },
      token,
    );
    user.password = password;
  }

  /** Sets the server clock to an instant (ISO 8601 with offset); the browser keeps real time. */
  async setClock(now: string): Promise<void> {
    await this.request('POST', '/api/v1/__test/clock', { now });
  }

  /** Runs a scheduled job now (`accrual`, `sandbox-webhooks`, …). */
  async runJob(name: string): Promise<unknown> {
    return this.request('POST', `/api/v1/__test/jobs/${name}`, {});
  }

  /** The user's balances and statistics, as the wallet page shows them. */
  async bill(token: string): Promise<Bill> {
    return this.request('GET', '/api/v1/bill', undefined, token);
  }

  /** An operator adjustment of a wallet through the back-office API (a positive amount increases it). */
  async adjust(userId: number, wallet: 'deposit' | 'income', amount: string, reason: string): Promise<string> {
    const token = await this.adminLogin();
    const answer = await this.envelope<{ balance: string }>(
      'POST',
      `/admin/api/v1/users/${userId}/adjust`,
      { wallet, amount, reason },
      { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    );
    if (answer.code !== SUCCESS_CODE) throw new ApiFailure('adjust', answer.code, answer.msg);
    return answer.data.balance;
  }

  /** Messages sent to an account, newest first (test outbox). */
  async outbox(account: string): Promise<{ id: number; code: string | null }[]> {
    return this.request('GET', `/api/v1/__test/outbox?account=${encodeURIComponent(account)}`);
  }

  async advanceClock(seconds: number): Promise<void> {
    await this.request('POST', '/api/v1/__test/clock', { advanceSeconds: seconds });
  }

  /** A fresh back-office session each time: a journey may have moved the server clock past the last one. */
  async adminLogin(): Promise<string> {
    const session = await this.request<{ token: string }>('POST', '/admin/api/v1/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    return session.token;
  }

  async setConfig(patch: Record<string, unknown>): Promise<void> {
    const token = await this.adminLogin();
    await this.request('PUT', '/admin/api/v1/config', patch, `Bearer ${token}`);
  }

  async getConfig(): Promise<Record<string, unknown>> {
    const token = await this.adminLogin();
    return this.request('GET', '/admin/api/v1/config', undefined, `Bearer ${token}`);
  }
}
