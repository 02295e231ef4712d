import { Badge } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnread } from './useMessages';

/** The number of unread messages on `children` (Home's and My's message entries), nothing when none. */
export function UnreadBadge({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnread();
  return (
    <span className="unread-badge" data-testid="unread-badge" data-unread={unread}>
      <Badge
        content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null}
        aria-label={unread > 0 ? t('messages.unreadCount', { count: unread }) : undefined}
      >
        {children}
      </Badge>
    </span>
  );
}
