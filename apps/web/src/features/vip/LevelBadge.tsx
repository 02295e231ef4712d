import type { UserInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLevel } from './levelText';
import { useVipLevels } from './useVipLevels';

/**
 * The user's level on My, linking to the level page: the level's name once the levels are in,
 * its kind and number from the user's info until then.
 */
export function LevelBadge({ user, sessionValid }: { user: UserInfo; sessionValid: boolean }) {
  const { t } = useTranslation();
  const levels = useVipLevels(sessionValid).data;
  const held = levels ? currentLevel(levels) : undefined;
  const kind = levels ? (held?.kind ?? 'normal') : user.vip;
  const name = held?.name ?? (kind === 'normal' ? t('mine.normal') : `${t(`mine.${kind}`)} ${user.level}`);
  return (
    <Link to="/mine/levelUser" className={`level-badge ${kind}`} data-testid="mine-level">
      {name}
    </Link>
  );
}
