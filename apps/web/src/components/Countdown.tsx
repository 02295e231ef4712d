import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../lib/productText';
import { useSession } from '../store/session';

/** Re-renders every second; returns Date.now(). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Live countdown to `until` ("Ends in 1d 02:03:04"); "Sale ended" once it passes. */
export function Countdown({ until, testId }: { until: string; testId?: string }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const now = useNow();
  const remaining = Date.parse(until) - now;
  return (
    <span className="countdown" data-testid={testId}>
      {remaining > 0 ? t('product.endsIn', { time: formatCountdown(remaining, language) }) : t('product.saleEnded')}
    </span>
  );
}
