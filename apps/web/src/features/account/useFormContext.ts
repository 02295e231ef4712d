import { ApiError } from '../../api/client';
import { useAppConfig } from '../../api/hooks';
import { useSession } from '../../store/session';
import { phoneMinDigitsOf, signInPhoneMinDigitsOf } from './phoneRule';

/** What every account form needs: the UI language, the phone length rule and an error-to-text helper. */
export function useFormContext() {
  const language = useSession((s) => s.language);
  const { config } = useAppConfig();
  return {
    language,
    phoneMinDigits: phoneMinDigitsOf(config, language),
    signInPhoneMinDigits: signInPhoneMinDigitsOf(config),
    inviteRequired: config?.invite_required ?? false,
    /** Whether this server can send SMS codes: otherwise sign-up and reset take an email only. */
    phoneAccepted: config?.account_kinds?.includes('phone') ?? true,
    describe: (error: unknown) => (error instanceof ApiError ? error.msg : error instanceof Error ? error.message : ''),
  };
}
