import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  adminApi,
  type InputOf,
  type OutputOf,
  REDEEM_BATCH_MAX,
  REDEEM_COUPON_DAYS,
  REDEEM_REWARD_KINDS,
  type RedeemRewardKind,
  redeemBatchInput,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Result, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import { OperatorName } from '../../components/OperatorName.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { type CsvColumn, csvFilename, downloadCsv, toCsv } from '../../lib/csv.ts';
import { formatMoney, formatNumber, formatShortDateTime } from '../../lib/format.ts';
import { ExpiryField, IssueModal, useIssueDraft } from '../coupons/IssueModal.tsx';

type Batch = OutputOf<typeof adminApi.redeem.batches>['items'][number];

export const REDEEM_KEY = ['admin', 'redeem-batches'] as const;

export const REWARD_LABELS: Record<RedeemRewardKind, string> = {
  cash: 'Cash (income wallet)',
  points: 'Points',
  coupon: 'Coupon (amount off)',
};

/** "Cash $5.00", "Points 100", "Coupon “Welcome” $10.00". */
export function rewardText(reward: Batch['reward']): string {
  if (reward.kind === 'coupon') return `Coupon “${reward.name}” ${formatMoney(reward.amount)}`;
  return reward.kind === 'cash' ? `Cash ${formatMoney(reward.amount)}` : `Points ${formatNumber(reward.amount)}`;
}

const FIELD_LABELS: Record<string, string> = {
  count: 'Number of codes',
  'reward.amount': 'Amount',
  'reward.name.en': 'Coupon name in English',
  usesPerCode: 'Uses per code',
  expiresAt: 'Expiry',
};

const BATCH_CSV: CsvColumn<Batch>[] = [
  { title: 'Batch ID', value: (b) => b.id },
  { title: 'Reward kind', value: (b) => b.reward.kind },
  { title: 'Reward amount', value: (b) => b.reward.amount },
  { title: 'Coupon name', value: (b) => b.reward.name },
  { title: 'Codes', value: (b) => b.count },
  { title: 'Uses per code', value: (b) => b.usesPerCode },
  { title: 'Redemptions', value: (b) => b.used },
  { title: 'Expires at', value: (b) => b.expiresAt },
  { title: 'Created at', value: (b) => b.createdAt },
  { title: 'Created by', value: (b) => b.adminName },
  { title: 'Created by (email)', value: (b) => b.adminEmail },
];

const COLUMNS: ColumnsType<Batch> = [
  { title: 'Batch', dataIndex: 'id', width: 80, render: (id: number) => `#${id}` },
  { title: 'Reward', key: 'reward', render: (_, b) => rewardText(b.reward) },
  { title: 'Codes', dataIndex: 'count', align: 'right' },
  { title: 'Uses per code', dataIndex: 'usesPerCode', align: 'right' },
  {
    title: 'Redemptions',
    key: 'used',
    align: 'right',
    render: (_, b) => `${b.used} of ${b.count * b.usesPerCode}`,
  },
  { title: 'Expires', dataIndex: 'expiresAt', render: formatShortDateTime },
  { title: 'Created', dataIndex: 'createdAt', render: formatShortDateTime },
  {
    title: 'By',
    key: 'admin',
    render: (_, b) => <OperatorName name={b.adminName} email={b.adminEmail} none="—" withEmail={false} />,
  },
  {
    // The link says what the column holds; a header without text is an unnamed column to a screen reader.
    title: <span className="visually-hidden">Codes</span>,
    key: 'codes',
    render: (_, b) => (
      <Link to={`/redeem-codes/${b.id}`} data-testid={`redeem-batch-codes-${b.id}`}>
        Codes and uses
      </Link>
    ),
  },
];

interface Draft {
  count: number | null;
  kind: RedeemRewardKind;
  amount: string;
  usesPerCode: number | null;
  expiresAt: string | null;
}

const EMPTY: Draft = { count: 10, kind: 'cash', amount: '', usesPerCode: 1, expiresAt: null };

type Generated = OutputOf<typeof adminApi.redeem.generate> & { input: InputOf<typeof adminApi.redeem.generate> };

/** The codes just generated: the only time they are shown, so the operator downloads them here. */
function GeneratedCodes({ generated, onClose }: { generated: Generated; onClose: () => void }) {
  const download = () =>
    downloadCsv(
      csvFilename(`redeem-codes-batch-${generated.batchId}`),
      toCsv<string>(
        [
          { title: 'Batch ID', value: () => generated.batchId },
          { title: 'Code', value: (code) => code },
          { title: 'Reward', value: () => `${generated.input.reward.kind} ${generated.input.reward.amount}` },
          { title: 'Uses per code', value: () => generated.input.usesPerCode },
          { title: 'Expires at', value: () => generated.input.expiresAt },
        ],
        generated.codes,
      ),
    );
  return (
    <Modal
      open
      title={`Batch #${generated.batchId}`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button
          key="csv"
          type="primary"
          icon={<DownloadOutlined />}
          onClick={download}
          autoFocus
          data-testid="redeem-generated-csv"
        >
          Download the codes (CSV)
        </Button>,
      ]}
    >
      <Result
        status="success"
        title={`${generated.codes.length} ${generated.codes.length === 1 ? 'code' : 'codes'} generated`}
        subTitle="Only a fingerprint of each code is stored: download them now, they cannot be shown again."
      />
      <Typography.Paragraph
        copyable={{ text: generated.codes.join('\n') }}
        code
        style={{ maxHeight: 200, overflowY: 'auto', whiteSpace: 'pre-wrap' }}
        data-testid="redeem-generated-codes"
      >
        {generated.codes.join('\n')}
      </Typography.Paragraph>
    </Modal>
  );
}

function GenerateModal({
  open,
  onClose,
  onGenerated,
}: {
  open: boolean;
  onClose: () => void;
  onGenerated: (g: Generated) => void;
}) {
  const queryClient = useQueryClient();
  const state = useIssueDraft<Draft>(EMPTY);
  const { draft, set, item, issues } = state;

  const mutation = useMutation({
    mutationFn: (input: InputOf<typeof adminApi.redeem.generate>) =>
      call(adminApi.redeem.generate, input).then((answer) => ({ ...answer, input })),
    onSuccess: (generated) => {
      void queryClient.invalidateQueries({ queryKey: REDEEM_KEY });
      state.reset();
      onGenerated(generated);
    },
    onError: (error) => state.setIssues({ form: errorText(error) }),
  });

  const submit = () => {
    const input = {
      count: draft.count ?? 0,
      reward: {
        kind: draft.kind,
        amount: draft.amount.trim(),
        ...(draft.kind === 'coupon' ? { name: state.name() } : {}),
      },
      usesPerCode: draft.usesPerCode ?? 0,
      expiresAt: draft.expiresAt ?? '',
    };
    if (state.check(redeemBatchInput, input, FIELD_LABELS, {})) mutation.mutate(input);
  };

  return (
    <IssueModal
      open={open}
      title="New batch of redeem codes"
      okText="Generate"
      okTestId="redeem-generate-confirm"
      busy={mutation.isPending}
      state={state}
      onOk={submit}
      onClose={onClose}
    >
      <Form.Item label="Number of codes" required htmlFor="redeem-count" {...item('count')}>
        <InputNumber
          id="redeem-count"
          min={1}
          max={REDEEM_BATCH_MAX}
          precision={0}
          style={{ width: '100%' }}
          value={draft.count}
          onChange={(v) => set({ count: typeof v === 'number' ? v : null })}
          data-testid="redeem-count"
          autoFocus
        />
      </Form.Item>
      <Form.Item label="Reward" required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as RedeemRewardKind })}
          options={REDEEM_REWARD_KINDS.map((k) => ({ value: k, label: REWARD_LABELS[k] }))}
          data-testid="redeem-kind"
        />
      </Form.Item>
      {draft.kind === 'coupon' && (
        <>
          <Typography.Paragraph type="secondary">
            {`The coupon is shown in the user's coupons in their language, valid ${REDEEM_COUPON_DAYS} days from the redemption.`}
          </Typography.Paragraph>
          <LocalizedFields
            name={['name']}
            label="Coupon name"
            maxLength={100}
            required
            testId="redeem-coupon-name"
            help={{ en: issues['reward.name.en'] }}
          />
        </>
      )}
      <Form.Item
        label={draft.kind === 'points' ? 'Points (whole)' : draft.kind === 'coupon' ? 'Amount off' : 'Amount'}
        required
        htmlFor="redeem-amount"
        {...item('reward.amount')}
      >
        <Input
          id="redeem-amount"
          inputMode={draft.kind === 'points' ? 'numeric' : 'decimal'}
          value={draft.amount}
          onChange={(e) => set({ amount: e.target.value })}
          data-testid="redeem-amount"
        />
      </Form.Item>
      <Form.Item
        label="Uses per code"
        required
        htmlFor="redeem-uses"
        extra="How many users may redeem each code (one use per user)"
        {...item('usesPerCode')}
      >
        <InputNumber
          id="redeem-uses"
          min={1}
          precision={0}
          style={{ width: '100%' }}
          value={draft.usesPerCode}
          onChange={(v) => set({ usesPerCode: typeof v === 'number' ? v : null })}
          data-testid="redeem-uses"
        />
      </Form.Item>
      <ExpiryField id="redeem-expires" value={draft.expiresAt} onChange={(d) => set({ expiresAt: d })} item={item} />
    </IssueModal>
  );
}

/** Redeem codes: the batches generated, and generating a new one. */
export function RedeemBatchesPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [generated, setGenerated] = useState<Generated | null>(null);
  return (
    <>
      <PageTitle
        subtitle="Batches of codes users redeem for cash, points or a coupon, newest first."
        extra={
          allowed(admin.role, adminApi.redeem.generate) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="redeem-new">
              New batch
            </Button>
          )
        }
      >
        Redeem codes
      </PageTitle>
      <PagedTable<Batch>
        queryKey={REDEEM_KEY}
        load={({ cursor, limit }) => call(adminApi.redeem.batches, { cursor, limit })}
        columns={COLUMNS}
        rowKey="id"
        csv={{ name: 'redeem-batches', columns: BATCH_CSV }}
        rowTestId="redeem-batch-row"
        emptyText="No batch yet. Generate one with “New batch”."
      />
      <GenerateModal
        open={creating}
        onClose={() => setCreating(false)}
        onGenerated={(g) => {
          setCreating(false);
          setGenerated(g);
          message.success(`Batch #${g.batchId} generated.`);
        }}
      />
      {generated && <GeneratedCodes generated={generated} onClose={() => setGenerated(null)} />}
    </>
  );
}
