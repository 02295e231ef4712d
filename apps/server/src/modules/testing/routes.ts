import { api } from '@app/contracts';
import type { AdjustableClock } from '../../clock.ts';
import { AppError } from '../../domain/errors.ts';
import type { Route } from '../../http/router.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { OutboxService } from '../outbox/service.ts';

/** Registered only with TEST_MODE=1 (the router skips `test` endpoints otherwise). */
export function testingRoutes(
  route: Route,
  deps: { clock: AdjustableClock; scheduler: Scheduler; outbox: OutboxService },
) {
  route(api.testing.clock, (input) => {
    if (input.now) deps.clock.set(new Date(input.now));
    if (input.advanceSeconds) deps.clock.advance(input.advanceSeconds);
    return { now: deps.clock.now().toISOString() };
  });
  route(api.testing.runJob, (_input, ctx) => {
    if (!deps.scheduler.has(ctx.params.name)) throw new AppError('NOT_FOUND');
    return deps.scheduler.run(ctx.params.name);
  });
  route(api.testing.outbox, (input) => deps.outbox.lastTo(input.account));
}
