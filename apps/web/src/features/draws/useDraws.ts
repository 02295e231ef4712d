import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

export const drawKeys = {
  campaigns: ['draws'] as const,
  records: ['drawRecords'] as const,
  record: (id: number) => ['drawRecord', id] as const,
};

/** The campaigns running now with the user's draws left today; waits for a session (the list is personal). */
export function useDrawCampaigns(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: drawKeys.campaigns,
    queryFn: () => call(api.draws.list, {}),
    enabled: enabled && token !== '',
  });
}

export function useDrawRecord(id: number) {
  return useQuery({
    queryKey: drawKeys.record(id),
    queryFn: () => call(api.draws.record, {}, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
