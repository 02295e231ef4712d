import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export { LoadingSkeleton } from './LoadingSkeleton';

/** An error that says what to do: the message, a hint and a retry button. */
export function LoadError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      status="default"
      className="state-block"
      title={message ?? t('common.loadFailed')}
      description={t('common.loadFailedHint')}
      data-testid="load-error"
    >
      <Button color="primary" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}

export function EmptyState({
  title,
  description,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  testId?: string;
}) {
  return (
    <ErrorBlock status="empty" className="state-block" title={title} description={description} data-testid={testId} />
  );
}
