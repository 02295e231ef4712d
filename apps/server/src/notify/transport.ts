import type { MessageChannel, OutboxStatus } from '@app/contracts';

/** A message as a provider receives it: its code, if any, written in. */
export interface Deliverable {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
}

/** A provider took the message; `providerId` is its name for it, which its receipts carry. */
export interface Accepted {
  providerId: string | null;
}

/**
 * A provider did not take the message. `permanent`: it never will (a refused number, a mailbox that
 * does not exist), so it is not tried again; otherwise it is retried until its deadline.
 */
export class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

/** Delivers messages of one channel through a real provider (SMTP, an SMS API). */
export interface Transport {
  /** The provider's name, as the outbox shows it and its receipts are matched by. */
  readonly provider: string;
  deliver(message: Deliverable): Promise<Accepted>;
}

/** What a provider reported later about a message it took (a status callback, a delivery report). */
export interface Receipt {
  provider: string;
  providerId: string;
  status: Extract<OutboxStatus, 'sent' | 'delivered' | 'failed'>;
  reason?: string;
}

/** A form-encoded request a provider sent us, as a receipt route hands it over. */
export interface ProviderRequest {
  /** The address the provider called, as it signed it: PUBLIC_URL's origin, the path and query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  query: URLSearchParams;
  form: URLSearchParams;
}

/** An SMS provider also reports what became of each message it took. */
export interface SmsTransport extends Transport {
  /** Where the provider posts its reports, under PUBLIC_URL. */
  readonly receiptPath: string;
  /** The receipt in `request`, or null when the request is not the provider's (a forged one). */
  receipt(request: ProviderRequest): Receipt | null;
}

/** A request to a provider that took longer than this is abandoned and its message tried again. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Posts a form with a timeout; a network failure or timeout becomes a retryable DeliveryFailed. */
export async function postForm(
  provider: string,
  url: string,
  headers: Record<string, string>,
  form: URLSearchParams,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw new DeliveryFailed(`${provider} unreachable: ${(error as Error).message}`);
  }
}

/** The JSON body of an answer, or null when it has none. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
