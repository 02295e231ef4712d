import { api as endpoints } from '@app/contracts';
import { Button, Popup, Toast } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api';
import { useAppConfig } from '../../api/hooks';
import { api } from '../../api/routes';
import { Field, FormError, TextInput, useFormErrors } from '../../components/Field';
import { queryClient } from '../../lib/queryClient';
import { errorMessage, refusalOf, validate } from '../../lib/validate';
import { useSession } from '../../store/session';
import { rankKeys } from './useRank';

/** The server's refusals that are about the name typed. */
const NAME_REFUSALS = {
  TEAM_NAME_REQUIRED: 'name',
  TEAM_NAME_LENGTH: 'name',
  TEAM_NAME_FORBIDDEN: 'name',
  TEAM_NAME_TAKEN: 'name',
  TEXT_UNSTORABLE: 'name',
} as const;

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
  const errors = useFormErrors('team-name-error', ['name']);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setName(current ?? '');
    errors.clear();
  }, [visible, current, errors.clear]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const checked = validate(endpoints.rank.nameTeam.input, { name }, language);
    if (!checked.ok) return errors.show(checked);
    const length = [...checked.data.name.replace(/\s+/g, ' ')].length;
    if (length < min || length > max)
      return errors.show({
        field: 'name',
        message: errorMessage('TEAM_NAME_LENGTH', language, undefined, { min, max }),
      });
    setBusy(true);
    try {
      const { teamName } = await call(api.rank.nameTeam, checked.data, undefined, { quiet: true });
      Toast.show({ content: t('rank.named', { name: teamName }) });
      await queryClient.invalidateQueries({ queryKey: rankKeys.board });
      onClose();
    } catch (failure) {
      // TEAM_NAME_TOO_SOON is about when, not the name: the form's.
      if (failure instanceof ApiError && failure.kind === 'business')
        errors.show(refusalOf(failure, '', NAME_REFUSALS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form className="form rank-name-form" onSubmit={submit} noValidate data-testid="team-name-sheet">
        <div className="sheet-title">{current ? t('rank.renameTitle') : t('rank.nameTitle')}</div>
        <Field label={t('rank.nameLabel')} {...errors.field('name')}>
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
        <FormError {...errors.form} />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="team-name-save">
          {t('rank.nameSave')}
        </Button>
      </form>
    </Popup>
  );
}
