import { api as endpoints } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Field, FormError, NewPasswordFields, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { refusalOf, validate } from '../../lib/validate';
import { useSession } from '../../store/session';

/** The server's refusals that are about one field of the form; the others (too many attempts) are the form's. */
const REFUSED_FIELDS = { OLD_PASSWORD_WRONG: 'oldPassword', SAME_PASSWORD: 'password' } as const;

export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const errors = useFormErrors('update-password-error', ['oldPassword', 'password', 'repeatPassword'] as const);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const checked = validate(endpoints.user.changePassword.input, { oldPassword, password, repeatPassword }, language);
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      await call(api.user.changePassword, checked.data, undefined, { quiet: true });
      Toast.show({ content: t('password.done') });
      navigate('/mine/info', { replace: true });
    } catch (err) {
      errors.show(refusalOf(err, t('common.loadFailedHint'), REFUSED_FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('password.title')} back="/mine/info" testId="update-password-page">
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('password.oldPassword')} {...errors.field('oldPassword')}>
          <TextInput
            data-testid="old-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('password.oldPasswordPlaceholder')}
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
        </Field>
        <NewPasswordFields
          labels={{ password: t('password.newPassword'), repeat: t('password.repeatPassword') }}
          placeholders={{ password: t('auth.passwordPlaceholder'), repeat: t('auth.repeatPasswordPlaceholder') }}
          testIds={{ password: 'new-password', repeat: 'new-password-repeat' }}
          password={password}
          repeatPassword={repeatPassword}
          onPassword={setPassword}
          onRepeatPassword={setRepeatPassword}
          errors={{ password: errors.field('password'), repeat: errors.field('repeatPassword') }}
        />
        <FormError {...errors.form} />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="update-password-submit">
          {t('password.submit')}
        </Button>
      </form>
    </Page>
  );
}
