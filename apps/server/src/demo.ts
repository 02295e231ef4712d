import { count, eq } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema.ts';
import { hashSecret, randomInviteCode } from './security.ts';

export const DEMO_USER = { account: 'demo@minerva.example', password: 'demo1234', inviteCode: 'DEMO2026' };

/**
 * Content a new user of the embedded run sees at once: a demo account whose invite code works
 * for sign-up. Runs only when the database has no users, so it never touches a real platform.
 */
export async function seedDemoContent(db: Db, clock: Clock): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashSecret(DEMO_USER.password);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select().from(users).where(eq(users.inviteCode, DEMO_USER.inviteCode)).limit(1);
    await tx.insert(users).values({
      account: DEMO_USER.account,
      accountKind: 'email',
      passwordHash,
      nickname: 'Demo',
      inviteCode: taken ? randomInviteCode() : DEMO_USER.inviteCode,
      createdAt: clock.now(),
    });
  });
  return true;
}
