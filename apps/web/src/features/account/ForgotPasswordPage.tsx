import { api } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { CodeField } from '../../components/CodeButton';
import { Field, FormError, NewPasswordFields, TextInput } from '../../components/Field';
import { Page } from '../../components/Page';
import { validate, validateAccount } from '../../lib/validate';
import { LanguageButton } from './AuthHeader';
import { useFormContext } from './useFormContext';
import { useSendCode } from './useSendCode';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, phoneMinDigits } = useFormContext();
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const sendAccountCode = useSendCode('reset', setError);
  const sendCode = () => sendAccountCode(account);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const accountError = validateAccount(account, phoneMinDigits, language);
    if (accountError) return setError(accountError.message);
    const checked = validate(api.user.resetPassword.input, { account, code, password, repeatPassword }, language);
    if (!checked.ok) return setError(checked.message);
    setBusy(true);
    try {
      await call(api.user.resetPassword, checked.data);
      Toast.show({ content: t('auth.resetDone') });
      navigate('/account/signIn', { replace: true });
    } catch {
      // the client has already shown the server's message (docs/product.md#error-catalogue: toast for 5 s)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('auth.forgotTitle')} back="/account/signIn" right={<LanguageButton />} testId="forgot-page">
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('auth.account')}>
          <TextInput
            data-testid="forgot-account"
            inputMode="email"
            placeholder={t('auth.accountPlaceholder')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </Field>
        <CodeField label={t('auth.code')} value={code} onChange={setCode} onSend={sendCode} testId="forgot-code" />
        <NewPasswordFields
          labels={{ password: t('password.newPassword'), repeat: t('auth.repeatPassword') }}
          placeholders={{ password: t('auth.passwordPlaceholder'), repeat: t('auth.repeatPasswordPlaceholder') }}
          testIds={{ password: 'forgot-password', repeat: 'forgot-repeat-password' }}
          password={password}
          repeatPassword={repeatPassword}
          onPassword={setPassword}
          onRepeatPassword={setRepeatPassword}
        />
        <FormError message={error} testId="forgot-error" />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="forgot-submit">
          {t('auth.resetButton')}
        </Button>
      </form>
    </Page>
  );
}
