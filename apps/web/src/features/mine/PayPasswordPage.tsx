import { api } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, NumberKeyboard, PasscodeInput, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { queryKeys, useUserInfo } from '../../api/hooks';
import { CodeButton } from '../../components/CodeButton';
import { Field, FormError, TextInput } from '../../components/Field';
import { Page } from '../../components/Page';
import { validate } from '../../lib/validate';
import { useSession } from '../../store/session';

/** Set the 6-digit payment password: code (purpose payPassword) + PasscodeInput with NumberKeyboard, twice. */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const language = useSession((s) => s.language);
  const { user } = useUserInfo();
  const [code, setCode] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [repeatPayPassword, setRepeatPayPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = async (): Promise<number | null> => {
    if (!user) return null;
    const result = await call(api.user.sendCode, { account: user.account, purpose: 'payPassword' });
    Toast.show({ content: t('auth.codeSent') });
    return result.cooldownSeconds;
  };

  const submit = async () => {
    setError('');
    const checked = validate(api.user.setPayPassword.input, { code, payPassword, repeatPayPassword }, language);
    if (!checked.ok) return setError(checked.message);
    setBusy(true);
    try {
      await call(api.user.setPayPassword, checked.data);
      await queries.invalidateQueries({ queryKey: queryKeys.userInfo });
      Toast.show({ content: t('payPassword.done') });
      navigate('/mine/info', { replace: true });
    } catch {
      // the client has already shown the server's message (spec §8: toast for 5 s)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('payPassword.title')} back="/mine/info" testId="pay-password-page">
      <p className="muted">{t('payPassword.intro', { account: user?.account ?? '' })}</p>
      <div className="form">
        <Field label={t('payPassword.code')} extra={<CodeButton onSend={sendCode} testId="pay-send-code" />}>
          <TextInput
            data-testid="pay-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
        <div className="field">
          <span className="field-label">{t('payPassword.newPayPassword')}</span>
          <PasscodeInput
            data-testid="pay-password"
            length={6}
            seperated
            value={payPassword}
            onChange={setPayPassword}
            keyboard={<NumberKeyboard data-testid="pay-password-keyboard" />}
          />
        </div>
        <div className="field">
          <span className="field-label">{t('payPassword.repeatPayPassword')}</span>
          <PasscodeInput
            data-testid="pay-password-repeat"
            length={6}
            seperated
            value={repeatPayPassword}
            onChange={setRepeatPayPassword}
            keyboard={<NumberKeyboard data-testid="pay-password-repeat-keyboard" />}
          />
        </div>
        <FormError message={error} testId="pay-password-error" />
        <Button block color="primary" size="large" loading={busy} onClick={submit} data-testid="pay-password-submit">
          {t('payPassword.submit')}
        </Button>
      </div>
    </Page>
  );
}
