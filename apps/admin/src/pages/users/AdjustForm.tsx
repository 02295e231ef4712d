import { ActionKey, type AdjustableWallet, adminApi, ERRORS } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Descriptions, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { type AdjustDirection, balanceAfter, parseAdjustAmount } from '../../lib/decimal.ts';
import { CONFIG_KEY } from '../config/registry.ts';
import { ACCOUNT_LABELS, signedAmount, walletAmount } from './entryLabels.ts';

/** Code of "the decrease is larger than the wallet balance". */

/** Points are whole: adjusted with no decimals whatever the currency's. */
const POINTS_DECIMALS = 0;

interface Pending {
  wallet: AdjustableWallet;
  amount: string;
  direction: AdjustDirection;
  reason: string;
}

export function AdjustForm({
  userId,
  balances,
  onDone,
}: {
  userId: number;
  balances: { deposit: string; income: string; points: string } | undefined;
  onDone: () => void;
}) {
  const admin = useAdmin();
  const config = useQuery({
    queryKey: CONFIG_KEY,
    queryFn: () => call(adminApi.admin.getConfig, {}),
    enabled: allowed(admin.role, adminApi.admin.getConfig),
  });
  const configured: unknown = config.data?.app_currency_decimals;
  const currencyDecimals = typeof configured === 'number' ? configured : 2;

  const [wallet, setWallet] = useState<AdjustableWallet>('deposit');
  const decimalsOf = (w: AdjustableWallet) => (w === 'points' ? POINTS_DECIMALS : currencyDecimals);
  const [direction, setDirection] = useState<AdjustDirection>('increase');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState<{ wallet: AdjustableWallet; balance: string; amount: string } | null>(null);
  // One key until an adjustment is made: a double click, or confirming again after a lost answer, applies it once.
  const [action] = useState(() => new ActionKey());

  const mutation = useMutation({
    mutationFn: (p: Pending) =>
      call(
        adminApi.products.adjust,
        { wallet: p.wallet, amount: p.amount, reason: p.reason },
        { id: userId },
        { action },
      ),
    onSuccess: (data, p) => {
      setPending(null);
      setResult({ wallet: p.wallet, balance: data.balance, amount: p.amount });
      setAmount('');
      setReason('');
      setDirection('increase');
      onDone();
    },
    onError: (error) => {
      setPending(null);
      if (error instanceof ApiError && error.code === ERRORS.ADJUST_BELOW_ZERO.code) setErrors({ amount: error.msg });
      else setErrors({ form: errorText(error) });
    },
  });

  const submit = () => {
    setResult(null);
    const parsed = parseAdjustAmount(amount, direction, decimalsOf(wallet));
    const next: typeof errors = {};
    if (!parsed.ok)
      next.amount =
        wallet === 'points' && amount.includes('.') ? 'Points are whole: enter a number such as 25.' : parsed.error;
    if (!reason.trim()) next.reason = 'Enter the reason: it is shown in the audit log.';
    else if (reason.trim().length > 500) next.reason = 'Keep the reason under 500 characters.';
    setErrors(next);
    if (!parsed.ok || next.reason) return;
    if (parsed.direction !== direction) setDirection(parsed.direction);
    setPending({
      wallet,
      amount: parsed.amount,
      direction: parsed.direction,
      reason: reason.trim(),
    });
  };

  const current = balances?.[pending?.wallet ?? wallet];
  const preview =
    pending && current !== undefined ? balanceAfter(current, pending.amount, decimalsOf(pending.wallet)) : null;

  return (
    <>
      <Form
        layout="vertical"
        onFinish={submit}
        aria-label="Adjust a wallet"
        style={{ maxWidth: 520 }}
        requiredMark="optional"
      >
        {errors.form && <Alert type="error" showIcon role="alert" title={errors.form} style={{ marginBottom: 16 }} />}
        {result && (
          <Alert
            type="success"
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            data-testid="adjust-result"
            title={`${ACCOUNT_LABELS[result.wallet]} ${result.amount.startsWith('-') ? 'decreased' : 'increased'} by ${walletAmount(result.wallet, result.amount.replace(/^-/, ''))}.`}
            description={
              <>
                New balance:{' '}
                <strong data-testid="adjust-new-balance">{walletAmount(result.wallet, result.balance)}</strong>
              </>
            }
          />
        )}
        <Form.Item
          label="Wallet"
          required
          extra={`Balance now: ${balances ? walletAmount(wallet, balances[wallet]) : '…'}`}
        >
          <Radio.Group
            value={wallet}
            onChange={(event) => setWallet(event.target.value as AdjustableWallet)}
            optionType="button"
            buttonStyle="solid"
            data-testid="adjust-wallet"
            options={[
              { value: 'deposit', label: 'Recharge' },
              { value: 'income', label: 'Income' },
              { value: 'points', label: 'Points' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Change" required>
          <Radio.Group
            value={direction}
            onChange={(event) => setDirection(event.target.value as AdjustDirection)}
            optionType="button"
            data-testid="adjust-direction"
            options={[
              { value: 'increase', label: 'Increase' },
              { value: 'decrease', label: 'Decrease' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Amount"
          required
          validateStatus={errors.amount ? 'error' : undefined}
          help={errors.amount}
          extra={errors.amount ? undefined : 'Typing “-” or “+” before the amount switches the change too.'}
          htmlFor="adjust-amount"
        >
          <Input
            id="adjust-amount"
            inputMode={wallet === 'points' ? 'numeric' : 'decimal'}
            placeholder={wallet === 'points' ? '0' : '0.00'}
            value={amount}
            onChange={(event) => {
              // a typed sign moves the toggle and leaves the digits, so the prefix never reads "− -5"
              const value = event.target.value;
              const sign = /^\s*([+-])/.exec(value)?.[1];
              if (sign) setDirection(sign === '-' ? 'decrease' : 'increase');
              setAmount(sign ? value.replace(/^\s*[+-]/, '') : value);
            }}
            prefix={direction === 'increase' ? '+' : '−'}
            data-testid="adjust-amount"
            aria-invalid={errors.amount ? true : undefined}
          />
        </Form.Item>
        <Form.Item
          label="Reason"
          required
          validateStatus={errors.reason ? 'error' : undefined}
          help={errors.reason}
          htmlFor="adjust-reason"
        >
          <Input.TextArea
            id="adjust-reason"
            rows={2}
            maxLength={500}
            showCount
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="e.g. Refund for ticket #1234"
            data-testid="adjust-reason"
            aria-invalid={errors.reason ? true : undefined}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="adjust-submit" loading={mutation.isPending}>
          Review adjustment
        </Button>
      </Form>
      <Modal
        open={pending !== null}
        title="Confirm the adjustment"
        onCancel={() => !mutation.isPending && setPending(null)}
        onOk={() => pending && mutation.mutate(pending)}
        okText={pending?.direction === 'decrease' ? 'Decrease balance' : 'Increase balance'}
        okButtonProps={
          {
            danger: pending?.direction === 'decrease',
            loading: mutation.isPending,
            autoFocus: true,
            'data-testid': 'adjust-confirm',
          } as ButtonProps
        }
        destroyOnHidden
      >
        {pending && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'user', label: 'User', children: `#${userId}` },
                { key: 'wallet', label: 'Wallet', children: ACCOUNT_LABELS[pending.wallet] },
                {
                  key: 'now',
                  label: 'Balance now',
                  children: current === undefined ? '—' : walletAmount(pending.wallet, current),
                },
                {
                  key: 'change',
                  label: 'Change',
                  children: (
                    <Typography.Text type={pending.direction === 'decrease' ? 'danger' : 'success'} strong>
                      {signedAmount(pending.wallet, pending.amount)}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'after',
                  label: 'Balance after',
                  children: <strong>{preview ? walletAmount(pending.wallet, preview.balance) : '—'}</strong>,
                },
                { key: 'reason', label: 'Reason', children: pending.reason },
              ]}
            />
            {preview?.negative && (
              <Alert
                type="warning"
                showIcon
                title="This decrease is larger than the balance; the server will refuse it."
              />
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
