import type { UserMessage } from '@app/contracts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { formatDateTime, formatRelative } from '../../lib/format';
import { useSession } from '../../store/session';
import { messageKeys, setUnread, unreadChanged, useUnread } from './useMessages';
import './messages.css';

function MessageRow({ message }: { message: UserMessage }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState(message.read);

  const toggle = async () => {
    setOpen((was) => !was);
    if (read) return;
    setRead(true);
    try {
      unreadChanged((await call(api.messages.read, {}, { id: message.id })).unread);
    } catch {
      setRead(false);
    }
  };

  return (
    <button
      type="button"
      className={`card message-row${open ? ' open' : ''}`}
      aria-expanded={open}
      onClick={() => void toggle()}
      data-testid="message-row"
      data-read={read}
    >
      <span className="message-head">
        {read ? null : (
          <span className="message-dot" data-testid="message-unread-dot">
            <span className="visually-hidden">{t('messages.unread')}</span>
          </span>
        )}
        <span className="message-title ellipsis">{message.title}</span>
        <time
          className="muted small message-time"
          dateTime={message.createdAt}
          title={formatDateTime(message.createdAt, language)}
        >
          {formatRelative(message.createdAt, language, t('format.justNow'))}
        </time>
      </span>
      <span className={`message-body${open ? '' : ' clamped'}`} data-testid="message-body">
        {message.body}
      </span>
    </button>
  );
}

/** pagesB/mine/message: the user's system messages, newest first, unread ones marked; open one to read it. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { data: unread = 0, refetch } = useUnread();
  const [busy, setBusy] = useState(false);

  const readAll = async () => {
    setBusy(true);
    try {
      unreadChanged((await call(api.messages.readAll, {})).unread);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('messages.title')}
      padded={false}
      testId="messages-page"
      right={
        <Button
          size="mini"
          fill="none"
          disabled={unread === 0}
          loading={busy}
          onClick={() => void readAll()}
          data-testid="messages-read-all"
        >
          {t('messages.readAll')}
        </Button>
      }
    >
      <InfiniteList<UserMessage>
        queryKey={messageKeys.list}
        fetchPage={async (cursor) => {
          const page = await call(api.messages.list, { cursor, limit: 20 });
          if (cursor === undefined) setUnread(page.unread);
          return page;
        }}
        itemKey={(message) => `${message.id}-${message.read}`}
        renderItem={(message) => <MessageRow message={message} />}
        emptyTitle={t('messages.empty')}
        emptyHint={t('messages.emptyHint')}
        onRefresh={refetch}
        testId="messages-list"
      />
    </Page>
  );
}
