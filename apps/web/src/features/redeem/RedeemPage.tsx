import type { OutputOf } from '@app/contracts';
import { Button, Result } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api';
import { queryKeys, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { Field, FormError, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { formatMoney, formatPoints } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { refusalOf } from '../../lib/validate';
import { couponsKey } from '../coupons/useCoupons';
import { cleanCode } from './redeemCode';

type Reward = OutputOf<typeof api.redeem.redeem>['reward'];

function RewardText({ reward }: { reward: Reward }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  if (reward.kind === 'cash') return <>{t('redeem.reward.cash', { amount: formatMoney(reward.amount, symbol) })}</>;
  if (reward.kind === 'points')
    return <>{t('redeem.reward.points', { count: Number(reward.amount), points: formatPoints(reward.amount) })}</>;
  return <>{t('redeem.reward.coupon', { amount: formatMoney(reward.amount, symbol) })}</>;
}

/** mine/redeem: one code, and what it gave. */
export default function RedeemPage() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const errors = useFormErrors('redeem-error', ['code']);
  const [reward, setReward] = useState<Reward | null>(null);
  const [busy, setBusy] = useState(false);
  // a code is used once per user: a double tap must not send it twice and show "already used"
  const inFlight = useRef(false);

  const submit = async () => {
    if (inFlight.current) return;
    const value = cleanCode(code);
    if (!value) return errors.show({ field: 'code', message: t('redeem.required') });
    inFlight.current = true;
    setBusy(true);
    errors.clear();
    try {
      const answer = await call(api.redeem.redeem, { code: value }, undefined, { quiet: true });
      setReward(answer.reward);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      void queryClient.invalidateQueries({ queryKey: couponsKey });
    } catch (e) {
      errors.show(
        refusalOf(e, t('common.loadFailedHint'), { REDEEM_CODE_INVALID: 'code', REDEEM_CODE_ALREADY_USED: 'code' }),
      );
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Page title={t('redeem.title')} testId="redeem-page">
      {reward ? (
        <div className="card redeem-result" data-testid="redeem-result">
          <Result
            className="result"
            status="success"
            title={t('redeem.success')}
            description={
              <span data-testid="redeem-reward">
                <RewardText reward={reward} />
              </span>
            }
          />
          <div className="redeem-links">
            {reward.kind === 'coupon' ? (
              <Link to="/mine/coupons" data-testid="redeem-see-coupons">
                {t('redeem.seeCoupons')}
              </Link>
            ) : (
              <Link to="/wallet/info">{t('redeem.seeWallet')}</Link>
            )}
            <Button size="small" fill="outline" onClick={() => setReward(null)} data-testid="redeem-another">
              {t('redeem.another')}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="muted small">{t('redeem.hint')}</p>
          <Field label={t('redeem.label')} {...errors.field('code')}>
            <TextInput
              data-testid="redeem-code"
              name="code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              placeholder={t('redeem.placeholder')}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                errors.clear();
              }}
            />
          </Field>
          <FormError {...errors.form} />
          <Button block color="primary" size="large" type="submit" loading={busy} data-testid="redeem-submit">
            {t('redeem.submit')}
          </Button>
        </form>
      )}
    </Page>
  );
}
