import { endpoint, idParams, integerKeyedPageQuery, noInput, page } from '../endpoint.ts';
import { z } from '../zod.ts';

/** The referral team's levels: 1 the user's invitees, 2 theirs, 3 theirs (docs/product.md#referral). */
export const TEAM_LEVELS = [1, 2, 3] as const;
export type TeamLevel = (typeof TEAM_LEVELS)[number];

const teamLevelField = z.coerce
  .number()
  .int()
  .min(1)
  .max(TEAM_LEVELS.length)
  .transform((level) => level as TeamLevel);

export const teamLevelFigures = z.object({
  level: z.number().int(),
  /** Members at this level. */
  count: z.number().int(),
  /** What members at this level have earned the user: the referral entries naming them. */
  commission: z.string(),
});

export const teamSummary = z.object({
  teamSize: z.number().int(),
  levels: z.array(
    teamLevelFigures.extend({
      /** The configured share of a member's purchase paid at this level, a decimal ("0.10"). */
      rate: z.string(),
    }),
  ),
  todayCommission: z.string(),
  totalCommission: z.string(),
  inviteCode: z.string(),
  inviteUrl: z.string(),
  /** Paid once to the inviter (level 1) when an invitee makes a first purchase. */
  newInviteBonus: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const teamMember = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** Masked: `ab***@mail.com`, `080****567`. */
  account: z.string(),
  level: z.number().int(),
  registeredAt: z.string(),
  /** What this member has earned the user, from the referral entries naming them. */
  contribution: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

const membersQuery = integerKeyedPageQuery.extend({ level: teamLevelField });

export const team = {
  summary: endpoint({
    method: 'GET',
    path: '/team',
    access: 'user',
    summary: "The user's team: size, members and commission per level, today's and total commission, invite link",
    input: noInput,
    output: teamSummary,
  }),
  members: endpoint({
    method: 'GET',
    path: '/team/members',
    access: 'user',
    summary: 'Members of one team level, newest first, with masked accounts and what each has earned the user',
    input: membersQuery,
    output: page(teamMember),
  }),
};

/** A user above or below another in the invite tree, as an operator sees them (accounts unmasked). */
export const teamRelative = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  level: z.number().int(),
});

export const userTeam = z.object({
  /** The inviter (level 1), their inviter (2) and theirs (3), as far as the chain goes. */
  upline: z.array(teamRelative),
  teamSize: z.number().int(),
  levels: z.array(teamLevelFigures),
  totalCommission: z.string(),
});

export const teamAdmin = {
  userTeam: endpoint({
    method: 'GET',
    path: '/users/:id/team',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: "A user's upline (three levels) and the size and commission of each level of their downline",
    params: idParams,
    input: noInput,
    output: userTeam,
  }),
  userTeamMembers: endpoint({
    method: 'GET',
    path: '/users/:id/team/members',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: "One level of a user's downline, newest first, with what each member has earned them",
    params: idParams,
    input: membersQuery,
    output: page(teamRelative.extend({ registeredAt: z.string(), contribution: z.string() })),
  }),
};
