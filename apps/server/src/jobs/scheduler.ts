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
    const result = await job.run();
    this.log.debug({ job: name, ms: Date.now() - started, result }, 'job finished');
    return result;
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

  stop(): void {
    for (const timer of this.timers.splice(0)) timer.stop();
  }
}
