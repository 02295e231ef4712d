import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { type CsvColumn, csvFilename, downloadCsv, toCsv } from '../lib/csv.ts';

interface ListActionsProps<T> {
  /** The list as loaded: what the CSV exports (a page that loads all of its rows at once). */
  rows: readonly T[];
  refresh: { run: () => unknown; busy: boolean };
  csv: { name: string; columns: CsvColumn<T>[]; testId: string };
  /** Shown only to a role that may create. */
  create?: { label: string; onClick: () => void; testId: string };
}

/** Refresh, CSV export and "New …" above a list that is loaded whole (paged lists: PagedTable). */
export function ListActions<T>({ rows, refresh, csv, create }: ListActionsProps<T>) {
  const { message } = App.useApp();
  const exportCsv = () => {
    downloadCsv(csvFilename(csv.name), toCsv(csv.columns, [...rows]));
    message.success(`Exported ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}.`);
  };
  return (
    <Space wrap>
      <Button icon={<ReloadOutlined />} onClick={() => refresh.run()} loading={refresh.busy}>
        Refresh
      </Button>
      <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0} data-testid={csv.testId}>
        Export CSV
      </Button>
      {create && (
        <Button type="primary" icon={<PlusOutlined />} onClick={create.onClick} data-testid={create.testId}>
          {create.label}
        </Button>
      )}
    </Space>
  );
}
