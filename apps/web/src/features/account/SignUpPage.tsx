import { api as endpoints, PAGE_SLUG_LABELS } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { CodeField } from '../../components/CodeButton';
import { Field, FormError, NewPasswordFields, TextInput, useFieldError, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { queryClient } from '../../lib/queryClient';
import {
  ACCOUNT_REFUSALS,
  CODE_REFUSALS,
  errorMessage,
  refusalOf,
  validate,
  validateAccount,
} from '../../lib/validate';
import { sessionStore } from '../../store/session';
import { CompanyPageSheet } from '../content/CompanyPages';
import { PAGE_PATHS } from '../content/contentPaths';
import { AuthHero, LanguageButton } from './AuthHeader';
import { useFormContext } from './useFormContext';
import { useSendCode } from './useSendCode';

/** The server's refusals that are about one field of the form. */
const REFUSED_FIELDS = {
  ...ACCOUNT_REFUSALS,
  ...CODE_REFUSALS,
  INVITE_CODE_INVALID: 'inviteCode',
  INVITE_CODE_REQUIRED: 'inviteCode',
} as const;

export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { language, phoneMinDigits, phoneAccepted, inviteRequired, describe } = useFormContext();
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(params.get('code') ?? '');
  const [agree, setAgree] = useState(false);
  const errors = useFormErrors('signup-error', [
    'account',
    'code',
    'password',
    'repeatPassword',
    'inviteCode',
    'agree',
  ] as const);
  const agreeError = useFieldError(errors.field('agree'));
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState<'agreement' | 'privacy' | null>(null);
  const openSheet = (slug: 'agreement' | 'privacy') => (event: MouseEvent) => {
    event.preventDefault();
    setSheet(slug);
  };

  const sendAccountCode = useSendCode('register', errors.show);
  const sendCode = () => sendAccountCode(account);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const accountError = validateAccount(account, phoneMinDigits, language, phoneAccepted);
    if (accountError) return errors.show(accountError);
    const checked = validate(
      endpoints.user.register.input,
      { account, code, password, repeatPassword, inviteCode: inviteCode.trim() || undefined, agree },
      language,
    );
    if (!checked.ok) {
      if (checked.field === 'agree')
        return errors.show({ field: 'agree', message: errorMessage('AGREEMENT_REQUIRED', language) });
      return errors.show(checked);
    }
    if (inviteRequired && !inviteCode.trim())
      return errors.show({ field: 'inviteCode', message: errorMessage('FIELD_REQUIRED', language, 'inviteCode') });
    setBusy(true);
    try {
      const session = await call(api.user.register, checked.data);
      queryClient.clear();
      sessionStore.signIn(session.token, session.user);
      Toast.show({ content: t('auth.registered') });
      navigate('/home/info', { replace: true });
    } catch (err) {
      errors.show(refusalOf(err, describe(err), REFUSED_FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('auth.signUpTitle')} back="/account/signIn" right={<LanguageButton />} testId="signup-page">
      <AuthHero
        title={t('auth.createAccount')}
        hint={t(phoneAccepted ? 'auth.createAccountHint' : 'auth.createAccountEmailHint')}
      />
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t(phoneAccepted ? 'auth.account' : 'auth.emailAccount')} {...errors.field('account')}>
          <TextInput
            data-testid="signup-account"
            name="account"
            type={phoneAccepted ? 'text' : 'email'}
            inputMode="email"
            autoComplete={phoneAccepted ? 'username' : 'email'}
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
          testId="signup-code"
          {...errors.field('code')}
        />
        <NewPasswordFields
          labels={{ password: t('auth.password'), repeat: t('auth.repeatPassword') }}
          placeholders={{ password: t('auth.passwordPlaceholder'), repeat: t('auth.repeatPasswordPlaceholder') }}
          testIds={{ password: 'signup-password', repeat: 'signup-repeat-password' }}
          password={password}
          repeatPassword={repeatPassword}
          onPassword={setPassword}
          onRepeatPassword={setRepeatPassword}
          errors={{ password: errors.field('password'), repeat: errors.field('repeatPassword') }}
        />
        <Field label={inviteRequired ? t('auth.inviteCode') : t('auth.inviteOptional')} {...errors.field('inviteCode')}>
          <TextInput
            data-testid="signup-invite"
            name="inviteCode"
            placeholder={t('auth.invitePlaceholder')}
            value={inviteCode}
            onChange={(e) => setInviteCode(e.target.value)}
          />
        </Field>
        <div className="agree-row">
          <input
            id="signup-agree"
            type="checkbox"
            className="checkbox"
            data-testid="signup-agree"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            {...agreeError.control}
          />
          <label htmlFor="signup-agree">{t('auth.agreePrefix')}</label>{' '}
          <a
            href={PAGE_PATHS.agreement}
            className="link-button"
            onClick={openSheet('agreement')}
            data-testid="signup-agreement-link"
          >
            {t('auth.agreement')}
          </a>{' '}
          {t('content.signUpAnd')}{' '}
          <a
            href={PAGE_PATHS.privacy}
            className="link-button"
            onClick={openSheet('privacy')}
            data-testid="signup-privacy-link"
          >
            {PAGE_SLUG_LABELS.privacy[language]}
          </a>
        </div>
        {agreeError.message}
        <CompanyPageSheet slug={sheet} onClose={() => setSheet(null)} />
        <FormError {...errors.form} />
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="signup-submit">
          {t('auth.signUpButton')}
        </Button>
        <div className="form-links center">
          <span>
            {t('auth.haveAccount')}{' '}
            <Link to="/account/signIn" data-testid="signup-to-signin">
              {t('auth.signInButton')}
            </Link>
          </span>
        </div>
      </form>
    </Page>
  );
}
