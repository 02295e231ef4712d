import { type AdminDrawRecord, adminApi, DRAW_RECORD_STATUSES, type DrawRecordStatus } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { useIdParam } from '../../components/ListFilters.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { PRIZE_KIND_LABELS, prizeAmountText, RECORD_STATUS_LABELS } from './campaignForm.ts';

export const DRAW_RECORDS_KEY = ['admin', 'drawRecords'] as const;

const STATUS_COLOURS: Record<DrawRecordStatus, string> = {
  completed: 'default',
  awaiting_address: 'orange',
  awaiting_shipment: 'gold',
  shipped: 'green',
};

/** Goods waiting to be shipped come first: that tab opens first. */
const TABS: (DrawRecordStatus | 'all')[] = [
  'awaiting_shipment',
  'all',
  ...DRAW_RECORD_STATUSES.filter((s) => s !== 'awaiting_shipment'),
];
const FIRST = 'awaiting_shipment';

const addressText = (r: AdminDrawRecord) =>
  r.address
    ? `${r.address.firstName} ${r.address.lastName}, ${r.address.phone}, ${r.address.detail}, ${r.address.city}, ${r.address.region} ${r.address.postalCode}`
    : '';

const RECORD_CSV: CsvColumn<AdminDrawRecord>[] = [
  { title: 'ID', value: (r) => r.id },
  { title: 'Drawn at', value: (r) => r.createdAt },
  { title: 'User ID', value: (r) => r.userId },
  { title: 'Account', value: (r) => r.userAccount },
  { title: 'Campaign', value: (r) => r.campaignName },
  { title: 'Prize', value: (r) => r.prizeName },
  { title: 'Kind', value: (r) => r.prizeKind },
  { title: 'Amount', value: (r) => r.amount },
  { title: 'Points spent', value: (r) => r.pointsSpent },
  { title: 'Status', value: (r) => r.status },
  { title: 'Address', value: addressText },
  { title: 'Carrier', value: (r) => r.carrier ?? '' },
  { title: 'Tracking', value: (r) => r.tracking ?? '' },
  { title: 'Shipped at', value: (r) => r.shippedAt ?? '' },
];

interface ShipValues {
  carrier: string;
  tracking: string;
}

/** Ship a goods prize: the carrier and the tracking number the winner will see. Enter confirms. */
function ShipModal({ record, onClose }: { record: AdminDrawRecord | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShipValues>();
  const ship = useMutation({
    mutationFn: (values: ShipValues) =>
      call(
        adminApi.draws.ship,
        { carrier: values.carrier?.trim() || undefined, tracking: values.tracking.trim() },
        { id: record?.id ?? 0 },
      ),
    onSuccess: (saved) => {
      message.success(`Record #${saved.id} marked shipped.`);
      void queryClient.invalidateQueries({ queryKey: DRAW_RECORDS_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open={record !== null}
      title={record ? `Ship “${record.prizeName}” to ${record.userAccount}` : ''}
      okText="Mark shipped"
      onOk={() => form.submit()}
      confirmLoading={ship.isPending}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) ship.reset();
      }}
    >
      {record?.address && (
        <Typography.Paragraph>
          <Typography.Text type="secondary">Ship to: </Typography.Text>
          {addressText(record)}
        </Typography.Paragraph>
      )}
      {ship.isError && (
        <Alert type="error" showIcon role="alert" title={errorText(ship.error)} style={{ marginBottom: 12 }} />
      )}
      <Form<ShipValues> form={form} layout="vertical" onFinish={(values) => ship.mutate(values)} preserve={false}>
        <Form.Item name="carrier" label="Carrier">
          <Input maxLength={60} autoFocus data-testid="ship-carrier" />
        </Form.Item>
        <Form.Item
          name="tracking"
          label="Tracking number"
          rules={[{ required: true, whitespace: true, message: 'Enter the tracking number' }]}
        >
          <Input maxLength={100} data-testid="ship-tracking" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Draw records: every prize won, by status; goods are shipped from here. */
export function DrawRecordsPage() {
  const admin = useAdmin();
  const [params, setParams] = useSearchParams();
  const campaignId = useIdParam('campaignId');
  const canShip = allowed(admin.role, adminApi.draws.ship);
  const [shipping, setShipping] = useState<AdminDrawRecord | null>(null);
  const raw = params.get('status');
  const tab = (TABS as string[]).includes(raw ?? '') ? (raw as DrawRecordStatus | 'all') : FIRST;
  const status = tab === 'all' ? undefined : tab;

  const columns: ColumnsType<AdminDrawRecord> = [
    { title: 'ID', dataIndex: 'id' },
    { title: 'Drawn', dataIndex: 'createdAt', render: formatShortDateTime },
    {
      title: 'User',
      key: 'user',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.userAccount}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{r.userId}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Campaign', dataIndex: 'campaignName' },
    { title: 'Prize', dataIndex: 'prizeName' },
    { title: 'Kind', dataIndex: 'prizeKind', render: (k: AdminDrawRecord['prizeKind']) => PRIZE_KIND_LABELS[k] },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string, r) => prizeAmountText(r.prizeKind, amount),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: DrawRecordStatus) => <Tag color={STATUS_COLOURS[s]}>{RECORD_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: 'Shipping',
      key: 'shipping',
      render: (_, r) =>
        r.status === 'shipped' ? (
          <span style={{ fontSize: 12 }}>
            {r.carrier ? `${r.carrier} · ` : ''}
            {r.tracking}
          </span>
        ) : r.address ? (
          <span style={{ fontSize: 12 }}>{addressText(r)}</span>
        ) : (
          '—'
        ),
    },
  ];
  if (canShip)
    columns.push({
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, r) =>
        r.status === 'awaiting_shipment' ? (
          <Button size="small" type="primary" onClick={() => setShipping(r)} data-testid={`ship-${r.id}`}>
            Ship
          </Button>
        ) : null,
    });

  return (
    <>
      <PageTitle subtitle="Every prize won. Goods wait for the winner's address, then for you to ship them.">
        Draw records
      </PageTitle>
      {campaignId !== undefined && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={`Campaign #${campaignId} only`}
          action={
            <Button
              size="small"
              onClick={() => {
                const next = new URLSearchParams(params);
                next.delete('campaignId');
                setParams(next, { replace: true });
              }}
            >
              Show all campaigns
            </Button>
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === FIRST) next.delete('status');
          else next.set('status', key);
          setParams(next, { replace: true });
        }}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{key === 'all' ? 'All' : RECORD_STATUS_LABELS[key]}</span>,
        }))}
      />
      <PagedTable<AdminDrawRecord>
        key={`${tab}-${campaignId ?? ''}`}
        queryKey={[...DRAW_RECORDS_KEY, { status, campaignId }]}
        load={(input) => call(adminApi.draws.records, { cursor: input.cursor, limit: input.limit, status, campaignId })}
        columns={columns}
        rowKey="id"
        rowTestId="draw-record-row"
        csv={{ name: 'draw-records', columns: RECORD_CSV }}
        emptyText="No draw records here."
      />
      <ShipModal record={shipping} onClose={() => setShipping(null)} />
    </>
  );
}
