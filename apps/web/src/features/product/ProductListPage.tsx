import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/States';

export const CYCLES = ['hour', 'day', 'week'] as const;
export type Cycle = (typeof CYCLES)[number];

/** Product list by cycle. Products arrive with a later issue: every tab shows the empty state for now. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const [cycle, setCycle] = useState<Cycle>('hour');
  return (
    <Page title={t('product.title')} back={false} padded={false} testId="product-page">
      <Tabs activeKey={cycle} onChange={(key) => setCycle(key as Cycle)} className="cycle-tabs">
        {CYCLES.map((c) => (
          <Tabs.Tab key={c} title={<span data-testid={`product-tab-${c}`}>{t(`product.${c}`)}</span>} />
        ))}
      </Tabs>
      <div className="padded">
        <EmptyState title={t('product.empty')} description={t('product.emptyHint')} testId="product-empty" />
      </div>
    </Page>
  );
}
