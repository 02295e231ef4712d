// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedAmount } from '../features/records/RecordsPage';
import { i18nReady } from '../i18n';
import { BACK_TO_TOP_AT, InfiniteList, type PageOf } from './InfiniteList';

// The app renders once its language is loaded (main.tsx); so do these tests.
await i18nReady;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function renderList(fetchPage: (cursor: string | undefined) => Promise<PageOf<{ id: number }>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <InfiniteList<{ id: number }>
        queryKey={['test']}
        fetchPage={fetchPage}
        itemKey={(item) => item.id}
        renderItem={(item) => <div data-testid="row">{item.id}</div>}
        emptyTitle="Nothing here"
      />
    </QueryClientProvider>,
  );
}

describe('shared infinite list', () => {
  afterEach(cleanup);

  it('walks the footer through more → loading → finished', async () => {
    const second = deferred<PageOf<{ id: number }>>();
    const cursors: (string | undefined)[] = [];
    renderList((cursor) => {
      cursors.push(cursor);
      return cursor ? second.promise : Promise.resolve({ items: [{ id: 1 }, { id: 2 }], nextCursor: 'c2' });
    });
    const footer = await screen.findByTestId('list-footer');
    expect(footer.dataset.state).toBe('2');
    expect(footer.textContent).toBe('Pull up to load more');
    fireEvent.click(footer);
    await waitFor(() => expect(screen.getByTestId('list-footer').dataset.state).toBe('0'));
    await act(async () => second.resolve({ items: [{ id: 3 }], nextCursor: null }));
    await waitFor(() => expect(screen.getByTestId('list-footer').dataset.state).toBe('1'));
    expect(screen.getByTestId('list-footer').textContent).toBe('No more records');
    expect(screen.getAllByTestId('row').map((row) => row.textContent)).toEqual(['1', '2', '3']);
    expect(cursors).toEqual([undefined, 'c2']);
  });

  it('shows the empty state when the first page is empty', async () => {
    renderList(() => Promise.resolve({ items: [], nextCursor: null }));
    await screen.findByText('Nothing here');
    expect(screen.queryByTestId('list-footer')).toBeNull();
  });
});

describe('record amounts', () => {
  it('always carries a sign and the currency symbol (points without)', () => {
    expect(signedAmount('12.50', '$')).toBe('+$12.50');
    expect(signedAmount('-1200.00', '$')).toBe('-$1,200.00');
    expect(signedAmount('15', null)).toBe('+15');
  });
});

describe('back-to-top of the shared list (docs/product.md#shared-widgets)', () => {
  afterEach(cleanup);

  it('appears from a scroll of 600 and takes the list back to the top', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <div data-testid="scroller" style={{ overflowY: 'auto' }}>
          <InfiniteList<{ id: number }>
            queryKey={['back-to-top']}
            fetchPage={() => Promise.resolve({ items: [{ id: 1 }], nextCursor: null })}
            itemKey={(item) => item.id}
            renderItem={(item) => <div>{item.id}</div>}
            emptyTitle="Nothing here"
          />
        </div>
      </QueryClientProvider>,
    );
    await screen.findByTestId('list-footer');
    const scroller = screen.getByTestId('scroller');
    scroller.scrollTop = BACK_TO_TOP_AT - 1;
    fireEvent.scroll(scroller);
    expect(screen.queryByTestId('back-to-top')).toBeNull();
    scroller.scrollTop = BACK_TO_TOP_AT;
    fireEvent.scroll(scroller);
    const button = await screen.findByTestId('back-to-top');
    fireEvent.click(button);
    expect(scroller.scrollTop).toBe(0);
  });
});
