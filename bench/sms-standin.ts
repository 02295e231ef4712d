/**
 * The stand-in Twilio of the `deliveries` bench (apps/server/test/fake-sms.ts), run in a child
 * process (`fork` with tsx) so that it answers on a core of its own, as a real provider answers
 * from its own machines, instead of sharing the event loop of the sender it measures. Talks over
 * IPC: tells its address once started, then answers `count` (what it took since the last `reset`)
 * and `reset`. With STANDIN_LATENCY_MS, each answer waits a random time, uniform between none and
 * twice that (a real provider answers in a few hundred milliseconds, unevenly); by default at once.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { FakeTwilio } from '../apps/server/test/fake-sms.ts';

export interface StandInReady {
  url: string;
  accountSid: string;
  authToken: string;
  env: Record<string, string>;
}

export interface StandInCount {
  /** Requests answered, and those answered 201 (a message taken). */
  answered: number;
  taken: number;
  /** Distinct recipients and distinct bodies among the messages taken. */
  recipients: number;
  bodies: number;
  /** `digestOf` the messages taken: which ones, each with its text. */
  digest: string;
}

/** A digest of messages as recipient and body, in no particular order. */
export function digestOf(messages: { to: string; body: string }[]): string {
  const lines = messages.map((message) => `${message.to}\t${message.body}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export type StandInCommand = { id: number; command: 'count' | 'reset' | 'close' };

if (process.send && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const twilio = new FakeTwilio();
  const latencyMs = Number(process.env.STANDIN_LATENCY_MS ?? 0);
  if (latencyMs > 0) {
    const standIn = twilio as unknown as { receive(req: IncomingMessage, res: ServerResponse): Promise<void> };
    const receive = standIn.receive.bind(twilio);
    standIn.receive = async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * latencyMs));
      return receive(req, res);
    };
  }
  await twilio.start();
  const send = (message: unknown) => process.send?.(message);
  process.on('message', async (message: StandInCommand) => {
    if (message.command === 'reset') {
      twilio.taken.splice(0);
      twilio.answered.splice(0);
      send({ id: message.id });
    } else if (message.command === 'count') {
      const count: StandInCount = {
        answered: twilio.answered.length,
        taken: twilio.taken.length,
        recipients: new Set(twilio.taken.map((taken) => taken.to)).size,
        bodies: new Set(twilio.taken.map((taken) => taken.body)).size,
        digest: digestOf(twilio.taken),
      };
      send({ id: message.id, count });
    } else if (message.command === 'close') {
      await twilio.close();
      send({ id: message.id });
      process.disconnect();
    }
  });
  // The parent going away takes the stand-in with it.
  process.on('disconnect', () => process.exit(0));
  const ready: StandInReady = {
    url: twilio.url,
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    env: twilio.env('https://bench.example'),
  };
  send({ ready });
}
