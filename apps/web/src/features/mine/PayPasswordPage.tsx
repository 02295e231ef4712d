import { api as endpoints } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, NumberKeyboard, PasscodeInput, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { queryKeys, useUserInfo } from '../../api/hooks';
import { api } from '../../api/routes';
import { CodeField } from '../../components/CodeButton';
import { type FieldErrorProps, FormError, useFieldError, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { CODE_REFUSALS, refusalOf, validate } from '../../lib/validate';
import { useSession } from '../../store/session';
import { useCodeRequest } from '../account/useSendCode';

type Mode = 'change' | 'forgot';

/**
 * Payment password. Without one: set it with a code. With one: "I know my current password"
 * (changePayPassword) or "forgotten" (the code flow, which replaces it).
 */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const { user } = useUserInfo();
  const [mode, setMode] = useState<Mode>('change');
  const hasPayPassword = user?.hasPayPassword === true;
  return (
    <Page title={t('payPassword.title')} back="/mine/info" testId="pay-password-page">
      {hasPayPassword ? (
        <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)} className="mode-tabs">
          <Tabs.Tab title={t('payPasswordModes.change')} key="change" data-testid="pay-mode-change" />
          <Tabs.Tab title={t('payPasswordModes.forgot')} key="forgot" data-testid="pay-mode-forgot" />
        </Tabs>
      ) : (
        <p className="muted">{t('payPasswordModes.setFirst')}</p>
      )}
      {hasPayPassword && mode === 'change' ? <ChangePayPassword /> : <CodePayPassword />}
    </Page>
  );
}

/** A passcode box is no native input: a label around it would send taps to the hidden one inside. */
function PasscodeField({
  label,
  value,
  onChange,
  testId,
  ...problem
}: FieldErrorProps & {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const { control, message } = useFieldError(problem);
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <PasscodeInput
        data-testid={testId}
        aria-label={label}
        length={6}
        seperated
        value={value}
        onChange={onChange}
        error={control['aria-invalid']}
        keyboard={<NumberKeyboard data-testid={`${testId}-keyboard`} />}
        {...control}
      />
      {message}
    </div>
  );
}

function ChangePayPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const [oldPayPassword, setOld] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [repeatPayPassword, setRepeat] = useState('');
  const errors = useFormErrors('pay-password-change-error', [
    'oldPayPassword',
    'payPassword',
    'repeatPayPassword',
  ] as const);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    errors.clear();
    const checked = validate(
      endpoints.cash.changePayPassword.input,
      { oldPayPassword, payPassword, repeatPayPassword },
      language,
    );
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      await call(api.cash.changePayPassword, checked.data, undefined, { quiet: true });
      Toast.show({ icon: 'success', content: t('payPasswordModes.changed') });
      navigate('/mine/info', { replace: true });
    } catch (e) {
      errors.show(refusalOf(e, t('common.loadFailedHint'), { PAY_PASSWORD_WRONG: 'oldPayPassword' }));
      setOld('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form">
      <PasscodeField
        label={t('payPasswordModes.oldPayPassword')}
        value={oldPayPassword}
        onChange={setOld}
        testId="pay-password-old"
        {...errors.field('oldPayPassword')}
      />
      <PasscodeField
        label={t('payPassword.newPayPassword')}
        value={payPassword}
        onChange={setPayPassword}
        testId="pay-password-new"
        {...errors.field('payPassword')}
      />
      <PasscodeField
        label={t('payPassword.repeatPayPassword')}
        value={repeatPayPassword}
        onChange={setRepeat}
        testId="pay-password-new-repeat"
        {...errors.field('repeatPayPassword')}
      />
      <FormError {...errors.form} />
      <Button block color="primary" size="large" loading={busy} onClick={submit} data-testid="pay-password-change">
        {t('payPasswordModes.changeSubmit')}
      </Button>
    </div>
  );
}

/** Set (or reset when forgotten) the payment password with a code (purpose payPassword). */
function CodePayPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = search.get('back') ?? '';
  // only in-app wallet pages: never an open redirect
  const returnTo = /^\/wallet\/[A-Za-z]+$/.test(back) ? back : '/mine/info';
  const queries = useQueryClient();
  const language = useSession((s) => s.language);
  const { user } = useUserInfo();
  const [code, setCode] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [repeatPayPassword, setRepeatPayPassword] = useState('');
  const errors = useFormErrors('pay-password-error', ['code', 'payPassword', 'repeatPayPassword'] as const);
  const [busy, setBusy] = useState(false);

  // The account is the user's own: any refusal (asked too often) is the form's.
  const requestCode = useCodeRequest('payPassword', errors.show);
  const sendCode = async () => (user ? requestCode(user.account) : null);

  const submit = async () => {
    errors.clear();
    const checked = validate(endpoints.user.setPayPassword.input, { code, payPassword, repeatPayPassword }, language);
    if (!checked.ok) return errors.show(checked);
    setBusy(true);
    try {
      await call(api.user.setPayPassword, checked.data, undefined, { quiet: true });
      await queries.invalidateQueries({ queryKey: queryKeys.userInfo });
      Toast.show({ content: t('payPassword.done') });
      navigate(returnTo, { replace: true });
    } catch (e) {
      errors.show(refusalOf(e, t('common.loadFailedHint'), CODE_REFUSALS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="muted">{t('payPassword.intro', { account: user?.account ?? '' })}</p>
      <div className="form">
        <CodeField
          label={t('payPassword.code')}
          value={code}
          onChange={setCode}
          onSend={sendCode}
          testId="pay-code"
          sendTestId="pay-send-code"
          {...errors.field('code')}
        />
        <PasscodeField
          label={t('payPassword.newPayPassword')}
          value={payPassword}
          onChange={setPayPassword}
          testId="pay-password"
          {...errors.field('payPassword')}
        />
        <PasscodeField
          label={t('payPassword.repeatPayPassword')}
          value={repeatPayPassword}
          onChange={setRepeatPayPassword}
          testId="pay-password-repeat"
          {...errors.field('repeatPayPassword')}
        />
        <FormError {...errors.form} />
        <Button block color="primary" size="large" loading={busy} onClick={submit} data-testid="pay-password-submit">
          {t('payPassword.submit')}
        </Button>
      </div>
    </>
  );
}
