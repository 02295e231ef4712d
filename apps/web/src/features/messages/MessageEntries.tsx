import { List } from 'antd-mobile';
import { EnvironmentOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCATION_PATHS } from './location';
import { UnreadBadge } from './UnreadBadge';
import './messages.css';
import { MESSAGES_PATH } from './useMessages';

/** My: the system messages with their unread badge, and sharing the location. */
export function MineMessageEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List className="menu" data-testid="mine-messages-menu">
      <List.Item
        prefix={
          <UnreadBadge>
            <MessageOutline />
          </UnreadBadge>
        }
        onClick={() => navigate(MESSAGES_PATH)}
        data-testid="mine-messages"
      >
        {t('messages.menu')}
      </List.Item>
      <List.Item
        prefix={<EnvironmentOutline />}
        onClick={() => navigate(LOCATION_PATHS.choose)}
        data-testid="mine-location"
      >
        {t('location.menu')}
      </List.Item>
    </List>
  );
}
