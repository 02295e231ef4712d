import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { adminSessions, outbox, sessions, verificationCodes } from '../db/schema.ts';
import type { Job } from './scheduler.ts';

const DAY_MS = 86_400_000;

/**
 * Deletes verification codes and sessions that can never be used again, a day after they end, and
 * forgets the sealed codes of messages past their deadline (sending one again makes a fresh code).
 */
export function housekeepingJob(db: Db, clock: Clock): Job {
  return {
    name: 'housekeeping',
    schedule: '17 * * * *',
    async run() {
      const cutoff = new Date(clock.now().getTime() - DAY_MS);
      const codes = await db
        .delete(verificationCodes)
        .where(lt(verificationCodes.expiresAt, cutoff))
        .returning({ id: verificationCodes.id });
      const userSessions = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))))
        .returning({ id: sessions.id });
      const adminSessionRows = await db
        .delete(adminSessions)
        .where(lt(adminSessions.expiresAt, cutoff))
        .returning({ id: adminSessions.id });
      const sealed = await db
        .update(outbox)
        .set({ sealedCode: null })
        .where(and(isNotNull(outbox.sealedCode), lt(outbox.deadline, clock.now())))
        .returning({ id: outbox.id });
      return {
        codes: codes.length,
        sessions: userSessions.length,
        adminSessions: adminSessionRows.length,
        sealedCodes: sealed.length,
      };
    },
  };
}
