import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';

export const rankKeys = {
  board: ['rank', 'board'] as const,
  history: ['rank', 'history'] as const,
};

/** The current cycle: its time left, my team and the ranking. */
export function useRankBoard() {
  return useQuery({ queryKey: rankKeys.board, queryFn: () => call(api.rank.board, {}) });
}
