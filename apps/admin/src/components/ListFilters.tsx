import { Button, InputNumber, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The positive integer in `?name=`, or undefined. */
export function useIdParam(name: string): number | undefined {
  const [params] = useSearchParams();
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A "User ID" filter bound to `?userId=` in the address; `children` go after it (more filters). */
export function UserIdFilter({ children }: { children?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const current = useIdParam('userId');
  const [draft, setDraft] = useState<number | null>(current ?? null);

  const apply = (value: number | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set('userId', String(value));
    else next.delete('userId');
    setParams(next, { replace: true });
  };

  return (
    <form
      aria-label="Filter"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <Space wrap>
        <Space.Compact>
          <InputNumber
            aria-label="User ID"
            placeholder="User ID"
            min={1}
            precision={0}
            value={draft}
            onChange={(value) => setDraft(typeof value === 'number' ? value : null)}
            style={{ width: 160 }}
            data-testid="filter-user-id"
          />
          <Button type="primary" htmlType="submit">
            Filter
          </Button>
        </Space.Compact>
        {current !== undefined && (
          <Button
            onClick={() => {
              setDraft(null);
              apply(null);
            }}
          >
            Show all users
          </Button>
        )}
        {children}
      </Space>
    </form>
  );
}

/** `?status=` when it is one of `statuses`, else undefined (every status). */
export function useStatusParam<S extends string>(statuses: readonly S[]): S | undefined {
  const [params] = useSearchParams();
  const raw = params.get('status');
  return (statuses as readonly string[]).includes(raw ?? '') ? (raw as S) : undefined;
}

/** A status select bound to `?status=` in the address; "All statuses" clears it. */
export function StatusFilter<S extends string>({
  statuses,
  labels,
  width,
  testId,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  width: number;
  testId: string;
}) {
  const [params, setParams] = useSearchParams();
  const status = useStatusParam(statuses);
  return (
    <Select<S | 'all'>
      aria-label="Status"
      value={status ?? 'all'}
      style={{ width }}
      data-testid={testId}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        setParams(next, { replace: true });
      }}
      options={[{ value: 'all', label: 'All statuses' }, ...statuses.map((s) => ({ value: s, label: labels[s] }))]}
    />
  );
}
