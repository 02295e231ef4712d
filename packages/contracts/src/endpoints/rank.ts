import { endpoint, idParams, integerKeyedPageQuery, noInput, page } from '../endpoint.ts';
import { someChange } from '../validation.ts';
import { z } from '../zod.ts';

/** How long a team-rank cycle runs (`team_rank_cycle`), in the platform's time zone. */
export const RANK_CYCLE_KINDS = ['day', 'week', 'month'] as const;
export type RankCycleKind = (typeof RANK_CYCLE_KINDS)[number];
export const RANK_CYCLE_STATUSES = ['open', 'settled'] as const;

/** The longest team name any configuration allows (`team_name_max_length` stops here). */
export const TEAM_NAME_MAX = 40;

/** A team's name as typed: the length and words allowed come from the configuration, checked by the server. */
const teamNameField = z.string('TEAM_NAME_REQUIRED').trim().min(1, 'TEAM_NAME_REQUIRED').max(200);

const rankCycle = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  secondsLeft: z.number().int(),
});

/** One team in a ranking; `points` are whole currency units of the members' purchases, `prize` money. */
export const rankItem = z.object({
  rank: z.number().int(),
  teamName: z.string(),
  points: z.string(),
  size: z.number().int(),
  prize: z.string(),
});
export type RankItem = z.infer<typeof rankItem>;

export const teamRankBoard = z.object({
  cycle: rankCycle,
  /** The caller's team once named; `rank` is null while it has no points this cycle or is hidden. */
  mine: z
    .object({ teamName: z.string(), points: z.string(), size: z.number().int(), rank: z.number().int().nullable() })
    .nullable(),
  items: z.array(rankItem),
});
export type TeamRankBoard = z.infer<typeof teamRankBoard>;

export const pastRankCycle = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The teams paid a prize, best first. */
  winners: z.array(rankItem),
  /** Where the caller's team finished, when it was ranked. */
  mine: z.object({ rank: z.number().int(), points: z.string(), prize: z.string() }).nullable(),
});

export const rank = {
  board: endpoint({
    method: 'GET',
    path: '/teamRank',
    access: 'user',
    summary: 'The current rank cycle: time left, my team and the ranking with its prizes',
    input: noInput,
    output: teamRankBoard,
  }),
  history: endpoint({
    method: 'GET',
    path: '/teamRank/history',
    access: 'user',
    summary: 'Settled rank cycles, newest first, with their winners and my place',
    input: integerKeyedPageQuery,
    output: page(pastRankCycle),
  }),
  nameTeam: endpoint({
    method: 'PUT',
    path: '/team/name',
    access: 'user',
    summary: 'Name or rename my team (unique, length and words from the configuration, renames spaced out)',
    input: z.object({ name: teamNameField }),
    output: z.object({ teamName: z.string() }),
  }),
};

export const adminRankCycle = z.object({
  id: z.number().int(),
  kind: z.enum(RANK_CYCLE_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(RANK_CYCLE_STATUSES),
  settledAt: z.string().nullable(),
  /** Who settled it: an operator's email, or null for the job. */
  settledBy: z.string().nullable(),
  /** Teams ranked at the settlement; null while open. */
  teams: z.number().int().nullable(),
  /** Prizes paid, null while open. */
  paid: z.string().nullable(),
});

export const adminStanding = z.object({
  rank: z.number().int(),
  ownerId: z.number().int(),
  account: z.string(),
  teamName: z.string(),
  points: z.string(),
  size: z.number().int(),
  prize: z.string(),
  /** The prize's ledger entry once paid. */
  entryId: z.number().int().nullable(),
});

/** A settled cycle's result: the prizes paid, best first (the configured prizes while open). */
export const rankSettlement = z.object({ cycle: adminRankCycle, prizes: z.array(adminStanding) });

export const adminTeam = z.object({
  ownerId: z.number().int(),
  account: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  size: z.number().int(),
  namedAt: z.string(),
  createdAt: z.string(),
});

/** Operators moderate teams: support and content besides the owner. */
const TEAM_MODERATORS = ['support', 'content'] as const;

export const rankAdmin = {
  cycles: endpoint({
    method: 'GET',
    path: '/teamRank/cycles',
    access: 'admin',
    summary: 'Rank cycles, newest first',
    input: integerKeyedPageQuery,
    output: page(adminRankCycle),
  }),
  cycle: endpoint({
    method: 'GET',
    path: '/teamRank/cycles/:id',
    access: 'admin',
    summary: "A rank cycle and its settlement's prizes",
    params: idParams,
    input: noInput,
    output: rankSettlement,
  }),
  standings: endpoint({
    method: 'GET',
    path: '/teamRank/cycles/:id/standings',
    access: 'admin',
    summary: 'Every ranked team of a cycle, best first: frozen at the settlement, live while open',
    params: idParams,
    input: integerKeyedPageQuery,
    output: page(adminStanding),
  }),
  settle: endpoint({
    method: 'POST',
    path: '/teamRank/cycles/:id/settle',
    access: 'admin',
    roles: ['finance'],
    idempotent: true,
    summary: 'Settle an ended rank cycle now: its prizes are paid once, whoever asks and however often',
    params: idParams,
    input: noInput,
    output: rankSettlement,
  }),
  teams: endpoint({
    method: 'GET',
    path: '/teams',
    access: 'admin',
    summary: "Named teams, newest first; q searches the name or the owner's account",
    input: integerKeyedPageQuery.extend({ q: z.string().trim().max(100).optional() }),
    output: page(adminTeam),
  }),
  updateTeam: endpoint({
    method: 'PUT',
    path: '/teams/:id',
    access: 'admin',
    roles: TEAM_MODERATORS,
    summary: "Rename or hide a team (hidden teams are left out of the ranking and its prizes); the id is the owner's",
    params: idParams,
    input: someChange(z.object({ name: teamNameField.optional(), hidden: z.boolean().optional() })),
    output: adminTeam,
  }),
};
