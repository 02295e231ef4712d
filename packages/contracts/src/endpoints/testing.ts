import { endpoint } from '../endpoint.ts';
import { z } from '../zod.ts';
import { outboxMessage } from './admin.ts';

export const testing = {
  clock: endpoint({
    method: 'POST',
    path: '/__test/clock',
    access: 'test',
    summary: 'TEST_MODE only: set or advance the server clock',
    input: z.object({ now: z.iso.datetime({ offset: true }).optional(), advanceSeconds: z.number().int().optional() }),
    output: z.object({ now: z.string() }),
  }),
  runJob: endpoint({
    method: 'POST',
    path: '/__test/jobs/:name',
    access: 'test',
    summary: 'TEST_MODE only: run a scheduled job now',
    params: z.object({ name: z.string().max(50) }),
    input: z.object({}),
    output: z.unknown(),
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/__test/outbox',
    access: 'test',
    summary: 'TEST_MODE only: the last messages sent to an account, with their codes',
    input: z.object({ account: z.string().min(1).max(100) }),
    output: z.array(outboxMessage),
  }),
};
