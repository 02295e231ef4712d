import { api as endpoints, type UserInfo } from '@app/contracts';
import { Button, List, Toast } from 'antd-mobile';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { queryKeys, useUserInfo } from '../../api/hooks';
import { api } from '../../api/routes';
import { uploadImage } from '../../api/upload';
import { FormError, TextInput, useFieldError, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { copyText } from '../../lib/clipboard';
import { queryClient } from '../../lib/queryClient';
import { refusalOf, validate } from '../../lib/validate';
import { sessionStore, useSession } from '../../store/session';
import { LevelBadge } from '../vip/LevelBadge';
import { Avatar } from './Avatar';

/** The server's answer to a change is the user as they now are: every screen shows it at once. */
function showChanged(user: UserInfo) {
  queryClient.setQueryData(queryKeys.userInfo, user);
  sessionStore.set({ user });
}

function AvatarField({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [busy, setBusy] = useState(false);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal: the input must report it as a change.
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const avatar = await uploadImage(file, 'avatar');
      showChanged(await call(api.user.updateInfo, { avatar }));
      Toast.show({ content: t('profile.avatarSaved') });
    } catch {
      // the client has already shown the server's message in the user's language
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card profile-avatar">
      <Avatar user={user} size={72} testId="user-info-avatar" />
      <div className="profile-text">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={busy}
          onChange={picked}
          data-testid="user-info-avatar-input"
        />
        <label htmlFor={inputId} className={`chip${busy ? ' disabled' : ''}`} data-testid="user-info-avatar-change">
          {busy ? t('profile.uploading') : t('profile.changeAvatar')}
        </label>
        <div className="muted small">{t('profile.avatarHint')}</div>
      </div>
    </div>
  );
}

function NicknameForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const [nickname, setNickname] = useState(user.nickname);
  const errors = useFormErrors('user-info-nickname-error', ['nickname']);
  const nicknameError = useFieldError(errors.field('nickname'));
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const checked = validate(endpoints.user.updateInfo.input, { nickname }, language);
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      const changed = await call(api.user.updateInfo, checked.data, undefined, { quiet: true });
      showChanged(changed);
      setNickname(changed.nickname);
      Toast.show({ content: t('profile.nicknameSaved') });
    } catch (failure) {
      errors.show(
        refusalOf(failure, failure instanceof Error ? failure.message : '', {
          NICKNAME_INVALID: 'nickname',
          TEXT_UNSTORABLE: 'nickname',
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card nickname-form" onSubmit={submit} noValidate>
      <label className="muted small" htmlFor="user-info-nickname">
        {t('profile.nickname')}
      </label>
      <div className="nickname-row">
        <TextInput
          id="user-info-nickname"
          data-testid="user-info-nickname"
          placeholder={t('profile.nicknamePlaceholder')}
          value={nickname}
          maxLength={40}
          onChange={(e) => setNickname(e.target.value)}
          {...nicknameError.control}
        />
        <Button color="primary" type="submit" loading={busy} data-testid="user-info-nickname-save">
          {t('profile.save')}
        </Button>
      </div>
      {nicknameError.message}
      <FormError {...errors.form} />
    </form>
  );
}

/** `/mine/userInfo`: the avatar and nickname the user chooses, and what the platform gave them. */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const query = useUserInfo();
  const { user } = query;

  const copy = async (text: string) => {
    const ok = await copyText(text);
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') });
  };

  return (
    <Page title={t('profile.title')} back="/mine/info" padded={false} testId="user-info-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">
          {!user && query.isError ? (
            <LoadError onRetry={() => void query.refetch()} />
          ) : !user ? (
            <LoadingSkeleton lines={5} />
          ) : (
            <>
              <AvatarField user={user} />
              <NicknameForm key={user.id} user={user} />
              <List className="menu">
                <List.Item
                  extra={
                    <span className="break-anywhere user-info-value" data-testid="user-info-account">
                      {user.account}
                    </span>
                  }
                >
                  {t('profile.account')}
                </List.Item>
                <List.Item
                  extra={
                    <span className="invite-inline">
                      <span data-testid="user-info-invite-code">{user.inviteCode}</span>
                      <button
                        type="button"
                        className="chip"
                        onClick={() => copy(user.inviteCode)}
                        data-testid="user-info-copy-invite"
                      >
                        {t('common.copy')}
                      </button>
                    </span>
                  }
                >
                  {t('profile.inviteCode')}
                </List.Item>
                <List.Item extra={<LevelBadge user={user} sessionValid={query.isSuccess} />}>
                  {t('profile.level')}
                </List.Item>
              </List>
            </>
          )}
        </div>
      </Refresh>
    </Page>
  );
}
