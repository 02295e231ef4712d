import { api as endpoints } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { CodeField } from '../../components/CodeButton';
import { Field, FormError, NewPasswordFields, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { ACCOUNT_REFUSALS, CODE_REFUSALS, refusalOf, validate, validateAccount } from '../../lib/validate';
import { LanguageButton } from './AuthHeader';
import { useFormContext } from './useFormContext';
import { useSendCode } from './useSendCode';

/** The server's refusals that are about one field of the form; the others (too many attempts) are the form's. */
const REFUSED_FIELDS = { ...ACCOUNT_REFUSALS, ...CODE_REFUSALS } as const;

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, phoneMinDigits, phoneAccepted } = useFormContext();
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const errors = useFormErrors('forgot-error', ['account', 'code', 'password', 'repeatPassword'] as const);
  const [busy, setBusy] = useState(false);

  const sendAccountCode = useSendCode('reset', errors.show);
  const sendCode = () => sendAccountCode(account);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const accountError = validateAccount(account, phoneMinDigits, language, phoneAccepted);
    if (accountError) return errors.show(accountError);
    const checked = validate(endpoints.user.resetPassword.input, { account, code, password, repeatPassword }, language);
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      await call(api.user.resetPassword, checked.data, undefined, { quiet: true });
      Toast.show({ content: t('auth.resetDone') });
      navigate('/account/signIn', { replace: true });
    } catch (err) {
      errors.show(refusalOf(err, t('common.loadFailedHint'), REFUSED_FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('auth.forgotTitle')} back="/account/signIn" right={<LanguageButton />} testId="forgot-page">
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t(phoneAccepted ? 'auth.account' : 'auth.emailAccount')} {...errors.field('account')}>
          <TextInput
            data-testid="forgot-account"
            inputMode="email"
            placeholder={t(phoneAccepted ? 'auth.accountPlaceholder' : 'auth.emailAccountPlaceholder')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </Field>
        <CodeField
          label={t('auth.code')}
          value={code}
          onChange={setCode}
          onSend={sendCode}
          testId="forgot-code"
          {...errors.field('code')}
        />
        <NewPasswordFields
          labels={{ password: t('password.newPassword'), repeat: t('auth.repeatPassword') }}
          placeholders={{ password: t('auth.passwordPlaceholder'), repeat: t('auth.repeatPasswordPlaceholder') }}
          testIds={{ password: 'forgot-password', repeat: 'forgot-repeat-password' }}
          password={password}
          repeatPassword={repeatPassword}
          onPassword={setPassword}
          onRepeatPassword={setRepeatPassword}
          errors={{ password: errors.field('password'), repeat: errors.field('repeatPassword') }}
        />
        <FormError {...errors.form} />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="forgot-submit">
          {t('auth.resetButton')}
        </Button>
      </form>
    </Page>
  );
}
