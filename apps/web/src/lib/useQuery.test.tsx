// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from './useQuery';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const KEY = ['balance'];
let renders = 0;

/** Reads `data` only, as most screens do. */
function Balance({ fetchBalance }: { fetchBalance: () => Promise<string> }) {
  renders++;
  const { data } = useQuery({ queryKey: KEY, queryFn: fetchBalance });
  return <div data-testid="balance">{data ?? 'loading'}</div>;
}

function show(client: QueryClient, fetchBalance: () => Promise<string>) {
  renders = 0;
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <Balance fetchBalance={fetchBalance} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('useQuery, an answer drawn in a transition', () => {
  afterEach(() => cleanup());

  it('an answer that arrives after the first render is drawn', async () => {
    const answer = deferred<string>();
    show(newClient(), () => answer.promise);
    expect(screen.getByTestId('balance').textContent).toBe('loading');
    await act(async () => answer.resolve('12.50'));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('12.50'));
  });

  it('a screen mounts without fetching, and starts its fetch in a task of its own', async () => {
    const fetchBalance = vi.fn(() => Promise.resolve('3.00'));
    show(newClient(), fetchBalance);
    expect(fetchBalance).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('3.00'));
    expect(fetchBalance).toHaveBeenCalledTimes(1);
  });

  it('an answer already in the cache is drawn at once, without a fetch first', () => {
    const client = newClient();
    client.setQueryData(KEY, '7.00');
    show(client, () => new Promise(() => {}));
    expect(screen.getByTestId('balance').textContent).toBe('7.00');
  });

  it('a change made elsewhere (another screen writes the cache) is drawn', async () => {
    const client = newClient();
    show(client, () => Promise.resolve('1.00'));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('1.00'));
    act(() => client.setQueryData(KEY, '2.00'));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('2.00'));
  });

  it('a refetch that brings the same answer does not redraw a screen that reads only the data', async () => {
    const client = newClient();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    show(client, () => (answers[call++] as ReturnType<typeof deferred<string>>).promise);
    await act(async () => answers[0]?.resolve('5.00'));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('5.00'));
    const before = renders;
    const refetch = client.refetchQueries({ queryKey: KEY });
    await act(async () => {
      answers[1]?.resolve('5.00');
      await refetch;
      // TanStack tells its listeners on a later tick, and React draws a transition later still.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(renders).toBe(before);
  });
});
