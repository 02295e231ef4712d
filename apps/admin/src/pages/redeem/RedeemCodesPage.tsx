import { ArrowLeftOutlined } from '@ant-design/icons';
import { adminApi, type OutputOf } from '@app/contracts';
import { Button, Progress, Result } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router';
import { call } from '../../api.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { REDEEM_KEY } from './RedeemBatchesPage.tsx';

type CodeRow = OutputOf<typeof adminApi.redeem.codes>[number];

const CSV: CsvColumn<CodeRow>[] = [
  { title: 'Code ID', value: (c) => c.id },
  { title: 'Code ends with', value: (c) => c.hint },
  { title: 'Uses', value: (c) => c.uses },
  { title: 'Uses per code', value: (c) => c.usesPerCode },
  { title: 'Expires at', value: (c) => c.expiresAt },
];

const COLUMNS: ColumnsType<CodeRow> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: 'Code', dataIndex: 'hint', render: (hint: string) => <code>{hint}</code> },
  {
    title: 'Uses',
    key: 'uses',
    render: (_, c) => (
      <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', minWidth: 160 }}>
        {c.uses} / {c.usesPerCode}
        <Progress
          percent={Math.round((c.uses / Math.max(1, c.usesPerCode)) * 100)}
          size="small"
          showInfo={false}
          style={{ width: 80, margin: 0 }}
          aria-label={`${c.uses} of ${c.usesPerCode} uses`}
        />
      </span>
    ),
  },
  { title: 'Expires', dataIndex: 'expiresAt', render: formatShortDateTime },
];

/** One batch's codes, by their last characters (the whole codes are never stored), with their uses. */
export function RedeemCodesPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0)
    return (
      <Result
        status="404"
        title="No such batch"
        extra={
          <Link to="/redeem-codes">
            <Button>Back to the batches</Button>
          </Link>
        }
      />
    );
  return (
    <>
      <PageTitle
        subtitle="Each code by its last characters, with the redemptions it has had."
        extra={
          <Link to="/redeem-codes">
            <Button icon={<ArrowLeftOutlined />}>All batches</Button>
          </Link>
        }
      >
        {`Batch #${id}`}
      </PageTitle>
      <PagedTable<CodeRow>
        queryKey={[...REDEEM_KEY, id, 'codes']}
        // the server answers a batch's codes at once (at most a batch's size): one page
        load={() => call(adminApi.redeem.codes, { batchId: id }).then((items) => ({ items, nextCursor: null }))}
        columns={COLUMNS}
        rowKey="id"
        csv={{ name: `redeem-batch-${id}`, columns: CSV }}
        rowTestId="redeem-code-row"
        emptyText="This batch has no codes."
      />
    </>
  );
}
