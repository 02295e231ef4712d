import { api as endpoints } from '@app/contracts';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Field, FormError, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { queryClient } from '../../lib/queryClient';
import { validate, validateAccount } from '../../lib/validate';
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
  const errors = useFormErrors('signin-error', ['account', 'password']);
  const [busy, setBusy] = useState(false);
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
    const checked = validate(endpoints.user.login.input, { account, password }, language);
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      const session = await call(api.user.login, checked.data);
      queryClient.clear();
      sessionStore.signIn(session.token, session.user);
      navigate(from && !from.startsWith('/account') ? from : '/home/info', { replace: true });
    } catch (err) {
      // "Wrong account or password" names neither on purpose: the whole form is refused.
      errors.show(describe(err));
    } finally {
      setBusy(false);
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
