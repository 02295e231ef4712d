import { adminApi, type OutputOf } from '@app/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call } from '../../api.ts';
import { OperatorName } from '../../components/OperatorName.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { jsonDiff, jsonText } from '../../lib/diff.ts';
import { formatDateTime } from '../../lib/format.ts';

type Entry = OutputOf<typeof adminApi.admin.audit>['items'][number];

export const AUDIT_KEY = ['admin', 'audit'] as const;

const AUDIT_CSV: CsvColumn<Entry>[] = [
  { title: 'ID', value: (e) => e.id },
  { title: 'Time', value: (e) => e.createdAt },
  { title: 'Admin', value: (e) => e.adminName ?? 'system' },
  { title: 'Admin email', value: (e) => e.adminEmail },
  { title: 'Action', value: (e) => e.action },
  { title: 'Target', value: (e) => e.target },
  { title: 'Before', value: (e) => jsonText(e.before) },
  { title: 'After', value: (e) => jsonText(e.after) },
  { title: 'IP', value: (e) => e.ip },
];

const KIND_LABEL = { added: 'added', removed: 'removed', changed: 'changed', same: 'unchanged' } as const;

function show(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 1);
}

/** Before/after of one audit row, field by field. */
export function AuditDiff({ entry }: { entry: Entry }) {
  const lines = jsonDiff(entry.before, entry.after);
  const changed = lines.filter((line) => line.kind !== 'same');
  if (lines.length === 0 || (entry.before == null && entry.after == null)) {
    return <Typography.Text type="secondary">No before/after data recorded.</Typography.Text>;
  }
  return (
    <table className="json-diff">
      <caption className="visually-hidden">
        Changes of {entry.action} on {entry.target}: {changed.length} changed fields
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Change</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.path} className={`diff-${line.kind}`}>
            <th scope="row">{line.path}</th>
            <td>{KIND_LABEL[line.kind]}</td>
            <td>{show(line.before)}</td>
            <td>{show(line.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const columns: ColumnsType<Entry> = [
  { title: 'Time', dataIndex: 'createdAt', render: formatDateTime, width: 200 },
  {
    title: 'Admin',
    key: 'admin',
    render: (_, e) => <OperatorName name={e.adminName} email={e.adminEmail} />,
  },
  { title: 'Action', dataIndex: 'action', render: (action: string) => <Tag>{action}</Tag> },
  {
    title: 'Target',
    dataIndex: 'target',
    render: (target: string) => <Typography.Text code>{target}</Typography.Text>,
  },
  {
    title: 'Changes',
    key: 'changes',
    render: (_, e) => {
      const count = jsonDiff(e.before, e.after).filter((line) => line.kind !== 'same').length;
      return count === 0 ? '—' : `${count} ${count === 1 ? 'field' : 'fields'}`;
    },
  },
  { title: 'IP', dataIndex: 'ip' },
];

export function AuditPage() {
  return (
    <>
      <PageTitle subtitle="Every back-office change: who, what, before and after. Expand a row to see the diff.">
        Audit log
      </PageTitle>
      <PagedTable<Entry>
        queryKey={AUDIT_KEY}
        load={(input) => call(adminApi.admin.audit, input)}
        columns={columns}
        rowKey="id"
        rowTestId="audit-row"
        search={{
          label: 'Search the audit log',
          placeholder: 'Admin name or email, action or target',
          testId: 'audit-search',
        }}
        csv={{ name: 'audit', columns: AUDIT_CSV }}
        emptyText="No back-office changes recorded yet."
        expandable={{ expandedRowRender: (entry) => <AuditDiff entry={entry} /> }}
      />
    </>
  );
}
