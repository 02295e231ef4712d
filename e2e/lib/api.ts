import {
  ActionKey,
  ADMIN_API_BASE,
  API_BASE,
  adminApi,
  api,
  type Endpoint,
  endpointBase,
  type InputOf,
  type OutputOf,
  SUCCESS_CODE,
} from '@app/contracts';
import { type ApiClient, ApiError, type CallArgs, createClient } from '../../apps/web/src/api/client.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';

export { ApiError };

export interface TestUser {
  id: number;
  account: string;
  password: string;
  inviteCode: string;
  token: string;
}

/** Who calls and how: the session token, path parameters, and the action a money-moving call belongs to. */
export interface CallAs {
  token?: string;
  params?: Record<string, string | number>;
  /** For an idempotent endpoint: a retry passes the action of its first attempt; absent, the call is an action of its own. */
  action?: ActionKey;
  /** The multipart parts of an upload (`POST /uploads`). */
  form?: Record<string, string | Blob>;
}

/** An answer of the server, whatever its code. */
export interface Answer<T> {
  code: number;
  msg: string;
  data: T | null;
}

let counter = 0;
/** A fresh email address for one journey, unique within a run and across runs. */
export function uniqueAccount(label: string): string {
  counter += 1;
  return `e2e-${label}-${Date.now().toString(36)}${counter}@example.com`;
}

/**
 * The API of one running server, called through the contracts with the web app's own client (its
 * core needs nothing but fetch): silent, since no page is there to toast or navigate, with the
 * token of the call, and each answer's data checked against the endpoint's output schema.
 */
export class Api {
  readonly #clients: Record<string, ApiClient>;
  #adminToken: Promise<string> | undefined;

  /**
   * `clientAddress`: the address the calls come from, told to the server (which trusts the local
   * proxy in the journeys) in `X-Forwarded-For`: each journey is its own visitor, so the run's
   * sign-ups do not add up against one address's limits.
   */
  constructor(
    readonly baseUrl: string,
    readonly clientAddress?: string,
  ) {
    const client = (base: string) =>
      createClient({
        fetch: (...args) => fetch(...args),
        toast: () => {},
        navigate: () => {},
        getToken: () => '',
        getLanguage: () => 'en',
        expireSession: () => {},
        setMaintainTime: () => {},
        t: (key) => key,
        timeoutMs: 15_000,
        baseUrl: `${baseUrl}${base}`,
      });
    this.#clients = { [API_BASE]: client(API_BASE), [ADMIN_API_BASE]: client(ADMIN_API_BASE) };
  }

  /** The data of a successful call; rejects with the client's ApiError (business code, or transport). */
  async call<E extends Endpoint>(endpoint: E, input: InputOf<E>, as: CallAs = {}): Promise<OutputOf<E>> {
    const client = this.#clients[endpointBase(endpoint)] as ApiClient;
    const args = [
      input,
      as.params,
      {
        silent: true,
        headers: {
          ...(as.token ? { Authorization: as.token } : {}),
          ...(this.clientAddress ? { 'X-Forwarded-For': this.clientAddress } : {}),
        },
        action: as.action ?? new ActionKey(),
        form: as.form,
      },
    ] as CallArgs<E>;
    try {
      return endpoint.output.parse(await client.call(endpoint, ...args)) as OutputOf<E>;
    } catch (error) {
      // The journey's report names the call; `msg` keeps the server's own words.
      if (error instanceof ApiError) error.message = `${endpoint.method} ${endpoint.path}: ${error.code} ${error.msg}`;
      throw error;
    }
  }

  /** The server's answer to a call, a refusal included; only a failure to get one rejects. */
  async answer<E extends Endpoint>(endpoint: E, input: InputOf<E>, as: CallAs = {}): Promise<Answer<OutputOf<E>>> {
    try {
      return { code: SUCCESS_CODE, msg: 'success', data: await this.call(endpoint, input, as) };
    } catch (error) {
      const answered = error instanceof ApiError && ['business', 'session', 'maintenance'].includes(error.kind);
      if (!answered) throw error;
      return { code: error.code, msg: error.msg, data: null };
    }
  }

  /** The newest verification code sent to an account (test outbox). */
  async lastCode(account: string): Promise<string> {
    const code = (await this.outbox(account)).find((message) => message.code)?.code;
    if (!code) throw new Error(`no code in the outbox of ${account}`);
    return code;
  }

  /** Signs a user up through the API (send code, read it from the outbox, register). */
  async createUser(account: string, password = 'Secret123', inviteCode?: string): Promise<TestUser> {
    await this.call(api.user.sendCode, { account, purpose: 'register' });
    const code = await this.lastCode(account);
    const session = await this.call(api.user.register, {
      account,
      code,
      password,
      repeatPassword: password,
      agree: true,
      ...(inviteCode ? { inviteCode } : {}),
    });
    return { id: session.user.id, account, password, inviteCode: session.user.inviteCode, token: session.token };
  }

  async login(account: string, password: string): Promise<string> {
    return (await this.call(api.user.login, { account, password })).token;
  }

  /** Changes the password from a new session: every other session of the user ends. */
  async changePassword(user: TestUser, password: string): Promise<void> {
    const token = await this.login(user.account, user.password);
    await this.call(
      api.user.changePassword,
      { oldPassword: user.password, password, repeatPassword: password },
      { token },
    );
    user.password = password;
  }

  /** Sets the server clock to an instant (ISO 8601 with offset); the browser keeps real time. */
  async setClock(now: string): Promise<void> {
    await this.call(api.testing.clock, { now });
  }

  async advanceClock(seconds: number): Promise<void> {
    await this.call(api.testing.clock, { advanceSeconds: seconds });
    this.#adminToken = undefined;
  }

  /** Runs a scheduled job now (`accrual`, `sandbox-webhooks`, …). */
  async runJob(name: string): Promise<unknown> {
    return this.call(api.testing.runJob, {}, { params: { name } });
  }

  /** Messages sent to an account, newest first (test outbox). */
  async outbox(account: string) {
    return this.call(api.testing.outbox, { account });
  }

  /** The user's balances and statistics, as the wallet page shows them. */
  async bill(token: string) {
    return this.call(api.wallet.bill, {}, { token });
  }

  /** An operator adjustment of a wallet through the back-office API (a positive amount increases it); the new balance. */
  async adjust(userId: number, wallet: 'deposit' | 'income', amount: string, reason: string): Promise<string> {
    const adjusted = await this.call(
      adminApi.products.adjust,
      { wallet, amount, reason },
      { token: await this.adminLogin(), params: { id: userId } },
    );
    return adjusted.balance;
  }

  /**
   * One back-office session until the server clock moves (which may end it): the back office limits
   * sign-ins per address, and every journey runs from this one.
   */
  adminLogin(): Promise<string> {
    this.#adminToken ??= this.call(adminApi.admin.login, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).then(
      (session) => `Bearer ${session.token}`,
      (error: unknown) => {
        this.#adminToken = undefined;
        throw error;
      },
    );
    return this.#adminToken;
  }

  async setConfig(patch: InputOf<typeof adminApi.admin.putConfig>): Promise<void> {
    await this.call(adminApi.admin.putConfig, patch, { token: await this.adminLogin() });
  }

  async getConfig() {
    return this.call(adminApi.admin.getConfig, {}, { token: await this.adminLogin() });
  }
}
