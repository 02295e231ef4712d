import type { TeamLevel } from '@app/contracts';
import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';

export const teamKeys = {
  summary: ['team', 'summary'] as const,
  members: (level: TeamLevel) => ['team', 'members', level] as const,
};

/** The signed-in user's team: sizes, commissions, invite code and link, and the rates they earn at. */
export function useTeamSummary() {
  return useQuery({ queryKey: teamKeys.summary, queryFn: () => call(api.team.summary, {}) });
}
