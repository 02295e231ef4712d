import { api } from '@app/contracts';
import { Button, Popup, Toast } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api';
import { useAppConfig } from '../../api/hooks';
import { Field, FormError, TextInput } from '../../components/Field';
import { queryClient } from '../../lib/queryClient';
import { errorMessage, validate } from '../../lib/validate';
import { useSession } from '../../store/session';
import { rankKeys } from './useRank';

/** The form that names or renames my team; the server's refusal (taken, too soon…) shows in it. */
export function TeamNameSheet({
  visible,
  current,
  onClose,
}: {
  visible: boolean;
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const { config } = useAppConfig();
  const min = config?.team_name_min_length ?? 2;
  const max = config?.team_name_max_length ?? 20;
  const [name, setName] = useState(current ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setName(current ?? '');
    setError('');
  }, [visible, current]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const checked = validate(api.rank.nameTeam.input, { name }, language);
    if (!checked.ok) return setError(checked.message);
    const length = [...checked.data.name.replace(/\s+/g, ' ')].length;
    if (length < min || length > max)
      return setError(errorMessage('TEAM_NAME_LENGTH', language, undefined, { min, max }));
    setBusy(true);
    try {
      const { teamName } = await call(api.rank.nameTeam, checked.data, undefined, { quiet: true });
      Toast.show({ content: t('rank.named', { name: teamName }) });
      await queryClient.invalidateQueries({ queryKey: rankKeys.board });
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'business') setError(failure.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form className="form rank-name-form" onSubmit={submit} noValidate data-testid="team-name-sheet">
        <div className="sheet-title">{current ? t('rank.renameTitle') : t('rank.nameTitle')}</div>
        <Field label={t('rank.nameLabel')}>
          <TextInput
            data-testid="team-name-input"
            name="teamName"
            autoFocus
            enterKeyHint="done"
            maxLength={max * 2}
            placeholder={t('rank.namePlaceholder', { min, max })}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <FormError message={error} testId="team-name-error" />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="team-name-save">
          {t('rank.nameSave')}
        </Button>
      </form>
    </Popup>
  );
}
