import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { adminApi, type ProductStatus } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ListActions } from '../../components/ListActions.tsx';
import { renderMoney } from '../../components/Money.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WholeListTable } from '../../components/WholeListTable.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatMoney, formatShortDateTime } from '../../lib/format.ts';
import { ProductDrawer } from './ProductDrawer.tsx';
import { type AdminProduct, CYCLE_LABELS, fullUpdate, savedMessage } from './productForm.ts';

export const PRODUCTS_KEY = ['admin', 'products'] as const;

/** Products in display order: by sort, then id. */
export function sortProducts(list: readonly AdminProduct[]): AdminProduct[] {
  return [...list].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * The sort changes that move `list[index]` one place up (-1) or down (+1): the two products swap
 * their sort values, or, when they share one, the moved product steps past its neighbour.
 */
export function moveChanges(list: readonly AdminProduct[], index: number, step: -1 | 1) {
  const a = list[index];
  const b = list[index + step];
  if (!a || !b) return [];
  if (a.sort !== b.sort)
    return [
      { id: a.id, sort: b.sort },
      { id: b.id, sort: a.sort },
    ];
  return [{ id: a.id, sort: b.sort + step }];
}

export const PRODUCT_CSV: CsvColumn<AdminProduct>[] = [
  { title: 'ID', value: (p) => p.id },
  { title: 'Sort', value: (p) => p.sort },
  { title: 'Name (en)', value: (p) => p.nameI18n.en ?? p.name },
  { title: 'Status', value: (p) => p.status },
  { title: 'Cycle', value: (p) => p.cycle },
  { title: 'Price', value: (p) => p.price },
  { title: 'Income per cycle', value: (p) => p.incomePerCycle },
  { title: 'Cycles', value: (p) => p.cycles },
  { title: 'Total income', value: (p) => p.totalIncome },
  { title: 'Total return %', value: (p) => p.totalReturnRate },
  { title: 'Points', value: (p) => p.points },
  { title: 'Purchase limit', value: (p) => p.purchaseLimit },
  { title: 'Stock left', value: (p) => p.stock ?? 'unlimited' },
  { title: 'Sold', value: (p) => p.sold },
  { title: 'Sale starts', value: (p) => p.saleStartsAt },
  { title: 'Sale ends', value: (p) => p.saleEndsAt },
  { title: 'Principal returned', value: (p) => (p.principalReturned ? 'yes' : 'no') },
];

function StatusSwitch({ product, canEdit }: { product: AdminProduct; canEdit: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (status: ProductStatus) =>
      call(adminApi.products.updateProduct, fullUpdate(product, { status }), { id: product.id }),
    onSuccess: (saved) => {
      message.success(`${saved.name} is now ${saved.status === 'on' ? 'on sale' : 'off sale'}.`);
      return queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
    onError: (error) => message.error(`${product.name}: ${errorText(error)}`),
  });
  if (!canEdit)
    return (
      <Tag color={product.status === 'on' ? 'green' : 'default'} data-testid={`product-status-${product.id}`}>
        {product.status === 'on' ? 'On sale' : 'Off'}
      </Tag>
    );
  const checked = mutation.isPending ? mutation.variables === 'on' : product.status === 'on';
  return (
    <Switch
      checked={checked}
      loading={mutation.isPending}
      checkedChildren="On"
      unCheckedChildren="Off"
      aria-label={`${product.name} on sale`}
      onChange={(on) => mutation.mutate(on ? 'on' : 'off')}
      data-testid={`product-status-${product.id}`}
    />
  );
}

export function ProductsPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = allowed(admin.role, adminApi.products.updateProduct);
  const canCreate = allowed(admin.role, adminApi.products.createProduct);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);

  const query = useQuery({ queryKey: PRODUCTS_KEY, queryFn: () => call(adminApi.products.products, {}) });
  const rows = sortProducts(query.data ?? []);

  const move = useMutation({
    mutationFn: async (changes: { id: number; sort: number }[]) => {
      for (const change of changes) {
        const product = rows.find((p) => p.id === change.id);
        if (product)
          await call(adminApi.products.updateProduct, fullUpdate(product, { sort: change.sort }), { id: change.id });
      }
    },
    onError: (error) => message.error(`Could not reorder: ${errorText(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });

  const columns: ColumnsType<AdminProduct> = [
    {
      title: 'Order',
      key: 'sort',
      width: 110,
      render: (_, p, index) => (
        <Space size={4}>
          <Typography.Text type="secondary" style={{ minWidth: 24, display: 'inline-block' }}>
            {p.sort}
          </Typography.Text>
          {canEdit && (
            <>
              <Tooltip title="Move up">
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${p.name} up`}
                  disabled={index === 0 || move.isPending}
                  onClick={() => move.mutate(moveChanges(rows, index, -1))}
                  data-testid={`product-up-${p.id}`}
                />
              </Tooltip>
              <Tooltip title="Move down">
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${p.name} down`}
                  disabled={index === rows.length - 1 || move.isPending}
                  onClick={() => move.mutate(moveChanges(rows, index, 1))}
                  data-testid={`product-down-${p.id}`}
                />
              </Tooltip>
            </>
          )}
        </Space>
      ),
    },
    {
      title: 'Name',
      key: 'name',
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{p.id}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Cycle', dataIndex: 'cycle', render: (c: AdminProduct['cycle']) => CYCLE_LABELS[c] },
    { title: 'Price', dataIndex: 'price', align: 'right', render: renderMoney },
    { title: 'Income / cycle', dataIndex: 'incomePerCycle', align: 'right', render: renderMoney },
    { title: 'Cycles', dataIndex: 'cycles', align: 'right' },
    {
      title: 'Total return',
      key: 'return',
      align: 'right',
      render: (_, p) => (
        <Tooltip title={`Total income ${formatMoney(p.totalIncome)}`}>
          <span>{p.totalReturnRate}%</span>
        </Tooltip>
      ),
    },
    { title: 'Points', dataIndex: 'points', align: 'right' },
    {
      title: 'Limit',
      dataIndex: 'purchaseLimit',
      align: 'right',
      render: (limit: number) => (limit === 0 ? '∞' : limit),
    },
    {
      title: 'Stock left',
      dataIndex: 'stock',
      align: 'right',
      render: (stock: number | null) => (stock === null ? '∞' : stock === 0 ? <Tag color="red">Sold out</Tag> : stock),
    },
    { title: 'Sold', dataIndex: 'sold', align: 'right' },
    {
      title: 'Sale window',
      key: 'window',
      render: (_, p) =>
        p.saleStartsAt || p.saleEndsAt ? (
          <Space orientation="vertical" size={0} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {p.limitedTime && <Tag color="orange">Limited time</Tag>}
            {p.saleStartsAt && <span>from {formatShortDateTime(p.saleStartsAt)}</span>}
            {p.saleEndsAt && <span>until {formatShortDateTime(p.saleEndsAt)}</span>}
          </Space>
        ) : (
          <Typography.Text type="secondary">Always</Typography.Text>
        ),
    },
    {
      title: 'Principal back',
      dataIndex: 'principalReturned',
      render: (yes: boolean) => (yes ? <Tag color="blue">Yes</Tag> : 'No'),
    },
    {
      title: 'Status',
      key: 'status',
      fixed: 'right',
      render: (_, p) => <StatusSwitch product={p} canEdit={canEdit} />,
    },
  ];
  if (canEdit)
    columns.push({
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, p) => (
        <Button size="small" onClick={() => setEditing(p)} data-testid={`product-edit-${p.id}`}>
          Edit
        </Button>
      ),
    });

  return (
    <>
      <PageTitle
        subtitle="Shown to users in this order. Switch a product off to stop sales at once."
        extra={
          <ListActions
            rows={rows}
            refresh={{ run: () => query.refetch(), busy: query.isRefetching }}
            csv={{ name: 'products', columns: PRODUCT_CSV, testId: 'products-export' }}
            create={
              canCreate
                ? { label: 'New product', onClick: () => setEditing('new'), testId: 'product-create' }
                : undefined
            }
          />
        }
      >
        Products
      </PageTitle>
      <WholeListTable<AdminProduct>
        query={query}
        rows={rows}
        rowKey="id"
        columns={columns}
        rowAttributes={(p) => ({ 'data-testid': 'product-row', 'data-product-id': p.id })}
        emptyText={canCreate ? 'No products yet. Create the first one.' : 'No products yet.'}
        skeletonRows={8}
      />
      <ProductDrawer
        open={editing !== null}
        product={editing === 'new' ? null : editing}
        nextSort={rows.length > 0 ? Math.max(...rows.map((p) => p.sort)) + 1 : 0}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          message.success(savedMessage(saved));
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
        }}
      />
    </>
  );
}
