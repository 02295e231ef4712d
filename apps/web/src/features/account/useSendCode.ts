import type { CodePurpose, ErrorKey } from '@app/contracts';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { api } from '../../api/routes';
import { ACCOUNT_REFUSALS, type FormProblem, refusalOf, validateAccount } from '../../lib/validate';
import { useFormContext } from './useFormContext';

type Show = (problem: FormProblem | string) => void;

/**
 * Asks for a code for `account` and answers the cooldown the countdown button shows, or null when
 * nothing was sent. A refusal is shown on the form (`show`), under the field `fields` names for
 * it, as a submit's refusals are; not in a toast.
 */
export function useCodeRequest(purpose: CodePurpose, show: Show, fields: Partial<Record<ErrorKey, string>> = {}) {
  const { t } = useTranslation();
  return async (account: string): Promise<number | null> => {
    show('');
    try {
      const sent = await call(api.user.sendCode, { account, purpose }, undefined, { quiet: true });
      // A reset code goes only to a registered account, and the answer does not say whether it is.
      Toast.show({ content: t(purpose === 'reset' ? 'auth.resetCodeSent' : 'auth.codeSent') });
      return sent.cooldownSeconds;
    } catch (error) {
      show(refusalOf(error, t('common.loadFailedHint'), fields));
      return null;
    }
  };
}

/** The send-code action of the account forms: checks the typed account first, then asks for a code. */
export function useSendCode(purpose: 'register' | 'reset', show: Show) {
  const { language, phoneMinDigits, phoneAccepted } = useFormContext();
  // Refusals about the account typed; the others (asked too often) are the form's. Whether the
  // account is registered is never one: the server answers alike and tells only its owner.
  const request = useCodeRequest(purpose, show, ACCOUNT_REFUSALS);
  return async (account: string): Promise<number | null> => {
    const accountError = validateAccount(account, phoneMinDigits, language, phoneAccepted);
    if (accountError) {
      show(accountError);
      return null;
    }
    return request(account.trim());
  };
}
