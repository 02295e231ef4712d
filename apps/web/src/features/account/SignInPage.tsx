import { api as endpoints, errorKeyByCode } from '@app/contracts';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, call } from '../../api';
import { api } from '../../api/routes';
import { CODE_COUNTDOWN_SECONDS, CodeField } from '../../components/CodeButton';
import { Field, FormError, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { queryClient } from '../../lib/queryClient';
import { CODE_REFUSALS, refusalOf, validate, validateAccount } from '../../lib/validate';
import { sessionStore, useSession } from '../../store/session';
import { AuthHero, LanguageButton } from './AuthHeader';
import { useFormContext } from './useFormContext';

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const expired = useSession((s) => s.expired);
  const { language, signInPhoneMinDigits, describe } = useFormContext();
  const [account, setAccount] = useState(sessionStore.get().user?.account ?? '');
  const [password, setPassword] = useState('');
  const errors = useFormErrors('signin-error', ['account', 'password', 'code']);
  const [busy, setBusy] = useState(false);
  // Past the account's ceiling of failed attempts the server asks for a code it sent to the
  // account (LOGIN_CODE_REQUIRED); below it the form has no code field.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const loggedOut = useSession((s) => s.loggedOut);
  // After an explicit sign-out the next sign-in lands on home; after an expiry it may go back. A
  // page that sent a guest here to act (Buy now) is where they go back to, whoever signed out before.
  const state = location.state as { from?: string; returnTo?: string } | null;
  const from = state?.returnTo ?? (loggedOut ? undefined : state?.from);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const accountError = validateAccount(account, signInPhoneMinDigits, language);
    if (accountError) return errors.show(accountError);
    const typed = codeAsked ? { account, password, code } : { account, password };
    const checked = validate(endpoints.user.login.input, typed, language);
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      signedIn(await call(api.user.login, checked.data));
    } catch (err) {
      if (isCodeRequired(err)) setCodeAsked(true);
      // "Wrong account or password" names neither on purpose: the whole form is refused.
      errors.show(refusalOf(err, describe(err), CODE_REFUSALS));
    } finally {
      setBusy(false);
    }
  };

  const signedIn = (session: { token: string; user: Parameters<typeof sessionStore.signIn>[1] }) => {
    queryClient.clear();
    sessionStore.signIn(session.token, session.user);
    navigate(from && !from.startsWith('/account') ? from : '/home/info', { replace: true });
  };

  /** Another code: the same sign-in without one, which the server answers by sending it. */
  const resendCode = async (): Promise<number | null> => {
    errors.clear();
    try {
      signedIn(await call(api.user.login, { account: account.trim(), password }, undefined, { quiet: true }));
      return null;
    } catch (err) {
      if (isCodeRequired(err)) return CODE_COUNTDOWN_SECONDS;
      errors.show(refusalOf(err, describe(err), CODE_REFUSALS));
      return null;
    }
  };

  return (
    <Page title={t('auth.signInTitle')} back="/home/info" right={<LanguageButton />} testId="signin-page">
      <AuthHero title={t('auth.welcome')} hint={expired ? t('auth.sessionExpired') : t('auth.welcomeHint')} />
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('auth.account')} {...errors.field('account')}>
          <TextInput
            data-testid="signin-account"
            name="account"
            inputMode="email"
            autoComplete="username"
            placeholder={t('auth.accountPlaceholder')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </Field>
        <Field label={t('auth.password')} {...errors.field('password')}>
          <TextInput
            data-testid="signin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {codeAsked && (
          <CodeField
            label={t('auth.code')}
            value={code}
            onChange={setCode}
            onSend={resendCode}
            sentSeconds={CODE_COUNTDOWN_SECONDS}
            testId="signin-code"
            sendTestId="signin-resend"
            {...errors.field('code')}
          />
        )}
        <FormError {...errors.form} />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="signin-submit">
          {t('auth.signInButton')}
        </Button>
        <div className="form-links">
          <Link to="/account/forgot" data-testid="signin-forgot">
            {t('auth.forgotLink')}
          </Link>
          <span>
            {t('auth.noAccount')}{' '}
            <Link to="/account/signUp" data-testid="signin-to-signup">
              {t('auth.signUpButton')}
            </Link>
          </span>
        </div>
      </form>
    </Page>
  );
}

function isCodeRequired(error: unknown): boolean {
  return error instanceof ApiError && errorKeyByCode(error.code) === 'LOGIN_CODE_REQUIRED';
}
