import { SUCCESS_CODE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import type { Ledger } from '../apps/server/src/ledger/ledger.ts';
import { type EntryDraft, postEntries } from '../apps/server/src/ledger/post.ts';
import { maskAccount, memberNickname } from '../apps/server/src/modules/team/rules.ts';
import { zonedDates } from '../apps/server/src/time.ts';
import { authenticate } from './baseline.ts';
import { insertSessions, insertUsers } from './seed.ts';

/** Members of the leader's team at levels 1, 2 and 3: 100,000 in all. */
export const TEAM_SIZES = [10_000, 30_000, 60_000] as const;
const ENTRIES_PER_STATEMENT = 2_000;

/**
 * A leader with a team of TEAM_SIZES members, each invited by one of the level above (set-based:
 * users, their ancestors and the team counts as sign-ups would leave them), and one referral
 * commission from every member to the leader posted through the ledger, as purchases post them
 * (so the team totals are the ledger's and checkLedger stays green). Returns the leader's token.
 */
export async function seedTeam(pool: pg.Pool, db: Db, ledger: Ledger): Promise<{ leader: number; token: string }> {
  const leader = await insertUsers(pool, 'leader-', 1);
  let inviters = { first: leader, count: 1 };
  for (const [index, count] of TEAM_SIZES.entries()) {
    const { rows } = await pool.query(
      `insert into users (account, account_kind, password_hash, nickname, invite_code, inviter_id, created_at)
       select $1 || g || '@bench.example', 'email', 'x', 'member', $1 || g, $2::int + g % $3::int,
         now() - interval '1 second' * ($4::int - g)
       from generate_series(1, $4::int) g
       returning id`,
      [`team${index + 1}-`, inviters.first, inviters.count, count],
    );
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    inviters = { first: ids[0] as number, count };
  }
  // The rows joinTeams writes at each sign-up, for all of them at once.
  await pool.query(`insert into user_ancestors (user_id, ancestor_id, depth)
    select id, inviter_id, 1 from users where inviter_id is not null and account like 'team%'`);
  for (const depth of [2, 3]) {
    await pool.query(
      `insert into user_ancestors (user_id, ancestor_id, depth)
       select ua.user_id, u.inviter_id, $1::int from user_ancestors ua join users u on u.id = ua.ancestor_id
       where ua.depth = $1::int - 1 and u.inviter_id is not null`,
      [depth],
    );
  }
  await pool.query(`insert into team_levels (user_id, depth, members, commission)
    select ancestor_id, depth, count(*), 0 from user_ancestors group by 1, 2`);

  const { rows: accounts } = await pool.query(`select id from ledger_accounts where user_id = $1 and kind = 'income'`, [
    leader,
  ]);
  const income = Number(accounts[0]?.id);
  const { rows: members } = await pool.query(
    'select user_id from user_ancestors where ancestor_id = $1 order by user_id',
    [leader],
  );
  const at = new Date();
  for (let start = 0; start < members.length; start += ENTRIES_PER_STATEMENT) {
    const drafts = members.slice(start, start + ENTRIES_PER_STATEMENT).map(({ user_id: member }): EntryDraft => {
      const amount = BigInt(100 + (Number(member) % 900));
      return {
        type: 'distribution_profit',
        userId: leader,
        memberId: Number(member),
        refType: 'order',
        refId: `bench-${member}`,
        at,
        lines: [
          { accountId: income, asset: 'CASH', amount },
          { accountId: ledger.house('payouts', Number(member)), asset: 'CASH', amount: -amount },
        ],
      };
    });
    await postEntries(db, drafts);
  }
  const [token] = await insertSessions(pool, leader, 1);
  return { leader, token: token as string };
}

const money = (minor: bigint) => {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * The bare baseline of GET /team and GET /team/members: the session (remembered, as the purchase
 * baseline does), then the same statements as the team repository, hand-written on the same pool,
 * answered with the same fields (rates and link from constants instead of the settings).
 */
export function registerTeamBaseline(app: FastifyInstance, pool: pg.Pool): void {
  const fail = (msg: string) => `{"code":200000,"msg":${JSON.stringify(msg)},"data":null}`;
  const rates = ['0.10', '0.05', '0.02'];

  app.get('/api/v1/team', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    let userId: number;
    try {
      userId = await authenticate(pool, req.headers.authorization);
    } catch {
      return fail('session');
    }
    const { today } = zonedDates(new Date(), 'Africa/Lagos');
    const { rows } = await pool.query({
      name: 'bare_team',
      text: `select u.invite_code,
          (select coalesce(json_agg(json_build_object('depth', t.depth, 'members', t.members,
              'commission', t.commission::text)), '[]'::json)
            from team_levels t where t.user_id = u.id) as levels,
          coalesce((select d.amount from team_commission_days d where d.user_id = u.id and d.day = $2::date), 0)
            as today
        from users u where u.id = $1`,
      values: [userId, today],
    });
    const row = rows[0];
    const levels = [1, 2, 3].map((level) => {
      const found = (row.levels as { depth: number; members: number; commission: string }[]).find(
        (candidate) => candidate.depth === level,
      );
      return { level, count: found?.members ?? 0, commission: BigInt(found?.commission ?? 0) };
    });
    return JSON.stringify({
      code: SUCCESS_CODE,
      msg: 'success',
      data: {
        teamSize: levels.reduce((sum, level) => sum + level.count, 0),
        levels: levels.map((level) => ({
          ...level,
          commission: money(level.commission),
          rate: rates[level.level - 1],
        })),
        todayCommission: money(BigInt(row.today)),
        totalCommission: money(levels.reduce((sum, level) => sum + level.commission, 0n)),
        inviteCode: row.invite_code,
        inviteUrl: `http://localhost/account/signUp?code=${row.invite_code}`,
        newInviteBonus: '5.00',
      },
    });
  });

  app.get('/api/v1/team/members', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    let userId: number;
    try {
      userId = await authenticate(pool, req.headers.authorization);
    } catch {
      return fail('session');
    }
    const query = req.query as { level?: string; limit?: string };
    const level = Number(query.level ?? 1);
    const limit = Number(query.limit ?? 20);
    const { rows } = await pool.query({
      name: 'bare_team_members',
      text: `select u.id, u.account, u.nickname, u.created_at, coalesce(c.amount, 0) as contribution
        from (select ua.user_id from user_ancestors ua
          where ua.ancestor_id = $1 and ua.depth = $2
          order by ua.user_id desc
          limit $3) member
        join users u on u.id = member.user_id
        left join team_contributions c on c.user_id = $1 and c.member_id = member.user_id
        order by member.user_id desc`,
      values: [userId, level, limit + 1],
    });
    const items = rows.slice(0, limit).map((row) => ({
      id: row.id,
      nickname: memberNickname(row.nickname, row.account),
      account: maskAccount(row.account),
      level,
      registeredAt: row.created_at.toISOString(),
      contribution: money(BigInt(row.contribution)),
    }));
    return JSON.stringify({
      code: SUCCESS_CODE,
      msg: 'success',
      data: { items, nextCursor: rows.length > limit ? String(items.at(-1)?.id) : null },
    });
  });
}
