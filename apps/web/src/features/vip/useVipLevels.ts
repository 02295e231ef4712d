import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

export const vipLevelsKey = ['vipLevels'] as const;

/**
 * Every level with whether the user reached it; the server counts the user's totals again first.
 * `enabled` false waits (My asks only once the session proved valid, so an expired one is
 * answered once and sign-in still returns to My).
 */
export function useVipLevels(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: vipLevelsKey,
    queryFn: () => call(api.vip.levels, {}),
    enabled: enabled && token !== '',
  });
}
