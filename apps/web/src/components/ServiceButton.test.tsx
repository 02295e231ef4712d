// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const callMock = vi.fn();
vi.mock('../api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const { ServiceButton, FADE_AFTER_MS } = await import('./ServiceButton');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('floating customer-service button (docs/product.md#shared-widgets)', () => {
  afterEach(() => {
    cleanup();
    callMock.mockReset();
    vi.useRealTimers();
  });

  it('fades out 1000 ms after touch ends', () => {
    vi.useFakeTimers();
    render(<ServiceButton />);
    const button = screen.getByTestId('service-button');
    fireEvent.touchStart(button);
    expect(button.className).not.toContain('faded');
    fireEvent.touchEnd(button);
    act(() => vi.advanceTimersByTime(FADE_AFTER_MS - 1));
    expect(button.className).not.toContain('faded');
    act(() => vi.advanceTimersByTime(1));
    expect(button.className).toContain('faded');
  });

  it('locks the dialog while GET /onlineService runs, then lists the three lines (silent call)', async () => {
    const answer = deferred<{ service_1: string; service_2: string; service_3: string }>();
    callMock.mockReturnValue(answer.promise);
    render(<ServiceButton />);
    fireEvent.click(screen.getByTestId('service-button'));
    await screen.findByTestId('service-loading');
    expect(screen.queryAllByTestId(/^service-line-/)).toHaveLength(0);
    expect(screen.getByTestId('service-button').getAttribute('aria-expanded')).toBe('true');
    expect(callMock.mock.calls[0]?.[3]).toEqual({ silent: true });
    await act(async () =>
      answer.resolve({ service_1: 'https://a', service_2: 'https://b', service_3: 'mailto:c@d.e' }),
    );
    expect(screen.queryByTestId('service-loading')).toBeNull();
    expect(screen.getAllByTestId(/^service-line-/).map((line) => line.dataset.testid)).toEqual([
      'service-line-1',
      'service-line-2',
      'service-line-3',
    ]);
  });

  it('closes silently when the answer code is not SUCCESS_CODE', async () => {
    const answer = deferred<never>();
    callMock.mockReturnValue(answer.promise);
    render(<ServiceButton />);
    fireEvent.click(screen.getByTestId('service-button'));
    await screen.findByTestId('service-loading');
    await act(async () => answer.reject(new Error('code INTERNAL')));
    expect(screen.getByTestId('service-button').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('service-line-1')).toBeNull();
  });
});
