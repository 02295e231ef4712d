import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldErrorProps, TextInput } from './Field';

export const CODE_COUNTDOWN_SECONDS = 60;

/**
 * "Send code" button (docs/product.md#shared-widgets): after a successful send it counts down from 60 s and is blocked,
 * then offers "Re-get". `onSend` resolves with the server's cooldown (seconds), or null when nothing
 * was sent (the page shows why, on its form).
 */
export function CodeButton({
  onSend,
  testId = 'send-code',
  sentSeconds = 0,
}: {
  onSend: () => Promise<number | null>;
  testId?: string;
  /** A code went out as the field appeared (a sign-in that asks for one): count down from this. */
  sentSeconds?: number;
}) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(sentSeconds);
  const [sent, setSent] = useState(sentSeconds > 0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const onClick = async () => {
    if (remaining > 0 || busy) return;
    setBusy(true);
    try {
      const cooldown = await onSend();
      if (cooldown !== null) {
        setSent(true);
        setRemaining(cooldown > 0 ? cooldown : CODE_COUNTDOWN_SECONDS);
      }
    } finally {
      setBusy(false);
    }
  };

  const label =
    remaining > 0 ? t('auth.countdown', { seconds: remaining }) : sent ? t('auth.resend') : t('auth.sendCode');
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      className="code-button"
      data-testid={testId}
      disabled={remaining > 0}
      loading={busy}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** The verification-code field: six digits only, with the send button beside its label. */
export function CodeField({
  label,
  value,
  onChange,
  onSend,
  testId,
  sendTestId,
  sentSeconds,
  error,
  errorTestId,
}: FieldErrorProps & {
  label: string;
  value: string;
  onChange: (code: string) => void;
  onSend: () => Promise<number | null>;
  testId: string;
  sendTestId?: string;
  sentSeconds?: number;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      extra={<CodeButton onSend={onSend} testId={sendTestId} sentSeconds={sentSeconds} />}
      error={error}
      errorTestId={errorTestId}
    >
      <TextInput
        data-testid={testId}
        name="code"
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder={t('auth.codePlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
    </Field>
  );
}
