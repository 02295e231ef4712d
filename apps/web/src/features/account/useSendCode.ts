import { api } from '@app/contracts';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { type FormProblem, validateAccount } from '../../lib/validate';
import { useFormContext } from './useFormContext';

/**
 * The send-code action of the account forms: checks the typed account first, then asks for a
 * code and answers the cooldown the countdown button shows (null when nothing was sent).
 */
export function useSendCode(purpose: 'register' | 'reset', show: (problem: FormProblem | string) => void) {
  const { t } = useTranslation();
  const { language, phoneMinDigits } = useFormContext();
  return async (account: string): Promise<number | null> => {
    show('');
    const accountError = validateAccount(account, phoneMinDigits, language);
    if (accountError) {
      show(accountError);
      return null;
    }
    const result = await call(api.user.sendCode, { account: account.trim(), purpose });
    Toast.show({ content: t('auth.codeSent') });
    return result.cooldownSeconds;
  };
}
