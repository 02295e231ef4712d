import { call } from '../../api';
import { api } from '../../api/routes';
import { queryClient } from '../../lib/queryClient';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

export const MESSAGES_PATH = '/pagesB/mine/message';

export const messageKeys = {
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
};

/** How many messages the user has not read: one row of the list carries the count. */
export function useUnread() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: async () => (await call(api.messages.list, { limit: 1 }, undefined, { silent: true })).unread,
    enabled: token !== '',
    refetchOnWindowFocus: true,
  });
}

/** The badge takes the count the server just answered. */
export function setUnread(unread: number) {
  queryClient.setQueryData(messageKeys.unread, unread);
}

/** After a read: the badge takes the server's count, the list reloads its read dots. */
export function unreadChanged(unread: number) {
  setUnread(unread);
  void queryClient.invalidateQueries({ queryKey: messageKeys.list });
}
