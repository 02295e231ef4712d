import { api } from '@app/contracts';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { type FormProblem, refusalOf, validateAccount } from '../../lib/validate';
import { useFormContext } from './useFormContext';

/** Refusals of a code about the account typed; the others (asked too often) are the form's. */
const SEND_REFUSALS = {
  ACCOUNT_EXISTS: 'account',
  ACCOUNT_NOT_FOUND: 'account',
  EMAIL_INVALID: 'account',
  PHONE_INVALID: 'account',
} as const;

/**
 * The send-code action of the account forms: checks the typed account first, then asks for a
 * code and answers the cooldown the countdown button shows (null when nothing was sent). A refusal
 * is shown on the form, under the account when it is about the account, as the submit's are.
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
    try {
      const result = await call(api.user.sendCode, { account: account.trim(), purpose }, undefined, { quiet: true });
      Toast.show({ content: t('auth.codeSent') });
      return result.cooldownSeconds;
    } catch (error) {
      show(refusalOf(error, t('common.loadFailedHint'), SEND_REFUSALS));
      return null;
    }
  };
}
