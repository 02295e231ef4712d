import { PlusOutlined } from '@ant-design/icons';
import {
  adminApi,
  COUPON_KINDS,
  COUPON_STATUSES,
  type CouponKind,
  type CouponStatus,
  couponIssueInput,
  type InputOf,
  type OutputOf,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Radio, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { StatusFilter, UserIdFilter, useIdParam, useStatusParam } from '../../components/ListFilters.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import { renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatMoney, formatShortDateTime } from '../../lib/format.ts';
import { ExpiryField, IssueModal, useIssueDraft } from './IssueModal.tsx';
import { type Recipient, recipientsInput } from './issueForm.ts';
import { UserPicker } from './UserPicker.tsx';

type CouponRow = OutputOf<typeof adminApi.coupons.list>['items'][number];

const COUPONS_KEY = ['admin', 'coupons'] as const;

export const COUPON_KIND_LABELS: Record<CouponKind, string> = { amount_off: 'Amount off', percent_off: 'Percent off' };
const STATUS_LABELS: Record<CouponStatus, string> = { unused: 'Unused', used: 'Used', expired: 'Expired' };
const STATUS_COLORS: Record<CouponStatus, string> = { unused: 'green', used: 'blue', expired: 'default' };
const SOURCE_LABELS: Record<CouponRow['source'], string> = {
  operator: 'Operator',
  draw: 'Prize draw',
  redeem: 'Redeem code',
};
const FIELD_LABELS: Record<string, string> = {
  userIds: 'Users',
  'name.en': 'Name in English',
  amount: 'Amount',
  minSpend: 'Minimum spend',
  expiresAt: 'Expiry',
};

const value = (c: Pick<CouponRow, 'kind' | 'amount'>) =>
  c.kind === 'percent_off' ? `${c.amount}%` : formatMoney(c.amount);

const CSV: CsvColumn<CouponRow>[] = [
  { title: 'ID', value: (c) => c.id },
  { title: 'User ID', value: (c) => c.userId },
  { title: 'Account', value: (c) => c.account },
  { title: 'Name', value: (c) => c.name },
  { title: 'Kind', value: (c) => c.kind },
  { title: 'Amount', value: (c) => c.amount },
  { title: 'Minimum spend', value: (c) => c.minSpend },
  { title: 'Status', value: (c) => c.status },
  { title: 'Source', value: (c) => c.source },
  { title: 'Order ID', value: (c) => c.orderId },
  { title: 'Used at', value: (c) => c.usedAt },
  { title: 'Expires at', value: (c) => c.expiresAt },
  { title: 'Created at', value: (c) => c.createdAt },
];

const COLUMNS: ColumnsType<CouponRow> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  {
    title: 'User',
    key: 'user',
    render: (_, c) => <Link to={`/users/${c.userId}`}>{`#${c.userId} ${c.account}`}</Link>,
  },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Value', key: 'value', render: (_, c) => `${value(c)} (${COUPON_KIND_LABELS[c.kind]})` },
  { title: 'Minimum spend', dataIndex: 'minSpend', align: 'right', render: renderMoney },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (s: CouponStatus) => <Tag color={STATUS_COLORS[s]}>{STATUS_LABELS[s]}</Tag>,
  },
  { title: 'Source', dataIndex: 'source', render: (s: CouponRow['source']) => SOURCE_LABELS[s] },
  {
    title: 'Order',
    dataIndex: 'orderId',
    render: (id: number | null, c) => (id === null ? '—' : <Link to={`/orders?userId=${c.userId}`}>{`#${id}`}</Link>),
  },
  { title: 'Expires', dataIndex: 'expiresAt', render: formatShortDateTime },
  { title: 'Issued', dataIndex: 'createdAt', render: formatShortDateTime },
];

interface Draft {
  recipients: Recipient[];
  kind: CouponKind;
  amount: string;
  minSpend: string;
  expiresAt: string | null;
}

const EMPTY: Draft = { recipients: [], kind: 'amount_off', amount: '', minSpend: '0', expiresAt: null };

/**
 * Issue one coupon to each of the users picked (searched by account, phone, nickname or ID, or
 * typed as IDs, emails and phones); every field checked by the contract before sending.
 */
function IssueCoupons({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const state = useIssueDraft<Draft>(EMPTY);
  const { draft, set, item, issues } = state;

  const mutation = useMutation({
    mutationFn: (input: InputOf<typeof adminApi.coupons.issue>) => call(adminApi.coupons.issue, input),
    onSuccess: (data) => {
      message.success(`Issued ${data.issued} ${data.issued === 1 ? 'coupon' : 'coupons'}.`);
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      state.reset();
      onClose();
    },
    onError: (error) => state.setIssues({ form: errorText(error) }),
  });

  const submit = () => {
    const input = {
      ...recipientsInput(draft.recipients),
      name: state.name(),
      kind: draft.kind,
      amount: draft.amount.trim(),
      minSpend: draft.minSpend.trim() || '0',
      expiresAt: draft.expiresAt ?? '',
    };
    const usersIssue = draft.recipients.length === 0 ? 'Pick at least one user.' : undefined;
    if (state.check(couponIssueInput, input, FIELD_LABELS, usersIssue ? { userIds: usersIssue } : {})) {
      mutation.mutate(input);
    }
  };

  return (
    <IssueModal
      open={open}
      title="Issue coupons"
      okText="Issue"
      okTestId="coupon-issue-confirm"
      busy={mutation.isPending}
      state={state}
      onOk={submit}
      onClose={onClose}
    >
      <Form.Item
        label="Users"
        required
        htmlFor="coupon-users"
        extra="Type to search; Enter picks, Backspace removes the last. Paste IDs, emails or phones separated by commas."
        {...item('userIds')}
      >
        <UserPicker
          id="coupon-users"
          value={draft.recipients}
          onChange={(recipients) => set({ recipients })}
          status={issues.userIds ? 'error' : undefined}
          testId="coupon-users"
          autoFocus
        />
      </Form.Item>
      <LocalizedFields
        name={['name']}
        label="Name"
        maxLength={100}
        required
        testId="coupon-name"
        help={{ en: issues['name.en'] }}
      />
      <Form.Item label="Kind" required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as CouponKind })}
          options={COUPON_KINDS.map((k) => ({ value: k, label: COUPON_KIND_LABELS[k] }))}
          data-testid="coupon-kind"
        />
      </Form.Item>
      <Form.Item
        label={draft.kind === 'percent_off' ? 'Percent off (1 to 100)' : 'Amount off'}
        required
        htmlFor="coupon-amount"
        {...item('amount')}
      >
        <Input
          id="coupon-amount"
          inputMode="decimal"
          suffix={draft.kind === 'percent_off' ? '%' : undefined}
          value={draft.amount}
          onChange={(e) => set({ amount: e.target.value })}
          data-testid="coupon-amount"
        />
      </Form.Item>
      <Form.Item
        label="Minimum spend"
        htmlFor="coupon-min-spend"
        extra="The order's amount from which the coupon applies; 0 for any order"
        {...item('minSpend')}
      >
        <Input
          id="coupon-min-spend"
          inputMode="decimal"
          value={draft.minSpend}
          onChange={(e) => set({ minSpend: e.target.value })}
          data-testid="coupon-min-spend"
        />
      </Form.Item>
      <ExpiryField id="coupon-expires" value={draft.expiresAt} onChange={(d) => set({ expiresAt: d })} item={item} />
    </IssueModal>
  );
}

/** Coupons: every coupon issued (by operators, draws and redeem codes), and issuing new ones. */
export function CouponsPage() {
  const admin = useAdmin();
  const userId = useIdParam('userId');
  const status = useStatusParam(COUPON_STATUSES);
  const [issuing, setIssuing] = useState(false);
  return (
    <>
      <PageTitle
        subtitle={userId ? `Coupons of user #${userId}, newest first.` : 'Every coupon issued, newest first.'}
        extra={
          allowed(admin.role, adminApi.coupons.issue) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing(true)} data-testid="coupon-issue">
              Issue coupons
            </Button>
          )
        }
      >
        Coupons
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        <UserIdFilter>
          <StatusFilter statuses={COUPON_STATUSES} labels={STATUS_LABELS} width={160} testId="coupon-status-filter" />
        </UserIdFilter>
      </div>
      <PagedTable<CouponRow>
        queryKey={[...COUPONS_KEY, userId ?? 'all', status ?? 'all']}
        load={({ cursor, limit }) => call(adminApi.coupons.list, { cursor, limit, userId, status })}
        columns={COLUMNS}
        rowKey="id"
        csv={{ name: 'coupons', columns: CSV }}
        rowTestId="coupon-row"
        emptyText="No coupon issued yet."
      />
      <IssueCoupons open={issuing} onClose={() => setIssuing(false)} />
    </>
  );
}
