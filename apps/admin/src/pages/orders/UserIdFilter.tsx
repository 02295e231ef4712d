import { Button, InputNumber, Space } from 'antd';
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
