import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

export const eventsKey = ['events'] as const;

/** The events that are on, with the user's sign-ups; `enabled` false waits for a proven session (My). */
export function useEvents(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: eventsKey,
    queryFn: () => call(api.events.list, {}),
    enabled: enabled && token !== '',
  });
}
