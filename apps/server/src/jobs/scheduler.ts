import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  /** Cron pattern (seconds optional), e.g. "* * * * *" for every minute. */
  schedule: string;
  run(): Promise<unknown>;
}

/**
 * Runs each job on its schedule, never overlapping itself in this process. Jobs must be safe when
 * another instance runs the same job at the same time (unique keys, SKIP LOCKED).
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly timers: Cron[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  register(job: Job): void {
    this.jobs.set(job.name, job);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }

  async run(name: string): Promise<unknown> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const started = Date.now();
    const run = job.run();
    this.running.add(run);
    try {
      const result = await run;
      this.log.debug({ job: name, ms: Date.now() - started, result }, 'job finished');
      return result;
    } finally {
      this.running.delete(run);
    }
  }

  start(): void {
    for (const job of this.jobs.values()) {
      this.timers.push(
        new Cron(
          job.schedule,
          { protect: true, catch: (error) => this.log.error({ err: error, job: job.name }, 'job failed') },
          async () => {
            await this.run(job.name);
          },
        ),
      );
    }
  }

  /** No job starts any more; resolves once the runs in flight have finished (or failed). */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) timer.stop();
    await Promise.allSettled(this.running);
  }
}
