// @vitest-environment jsdom

import { readFileSync } from 'node:fs';
import { URL as FileUrl } from 'node:url';
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

/** A finger on the screen: antd-mobile's own touch listeners read its position. */
const TOUCH = { touches: [{ clientX: 0, clientY: 0 }], changedTouches: [{ clientX: 0, clientY: 0 }] };

describe('floating customer-service button (docs/product.md#shared-widgets)', () => {
  afterEach(() => {
    cleanup();
    callMock.mockReset();
    vi.useRealTimers();
  });

  it('rests tucked into the screen’s edge from the start, covering nothing until it is touched', () => {
    render(<ServiceButton />);
    const button = screen.getByTestId('service-button');
    expect(button.className).toContain('faded');
    fireEvent.touchStart(button, TOUCH);
    expect(button.className).not.toContain('faded');
  });

  it('fades out 1000 ms after touch ends', () => {
    vi.useFakeTimers();
    render(<ServiceButton />);
    const button = screen.getByTestId('service-button');
    fireEvent.touchStart(button, TOUCH);
    expect(button.className).not.toContain('faded');
    fireEvent.touchEnd(button, TOUCH);
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

/** The app's stylesheet as written (jsdom lays nothing out, so the rules themselves are checked). */
// Node's URL: jsdom's own is global here, and reading a file takes a file URL.
const styles = readFileSync(new FileUrl('../styles.css', import.meta.url), 'utf8');

/** The declarations of one rule of the app's stylesheet, by its exact selector. */
function rule(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = styles.match(new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`));
  if (!found?.[1]) throw new Error(`no rule ${selector} in styles.css`);
  return found[1];
}

function px(declarations: string, property: string): number {
  const found = declarations.match(new RegExp(`${property}:\\s*(\\d+)px`));
  if (!found?.[1]) throw new Error(`no ${property} in px`);
  return Number(found[1]);
}

describe('where the service button rests (issue 28: it covered values on many screens)', () => {
  it('at rest only a sliver shows at the screen’s edge, narrower than the 16 px every page keeps clear there', () => {
    const shell = rule('.app-shell');
    const gutter = px(rule('.padded'), 'padding');
    expect(gutter).toBe(16);
    expect(px(shell, '--fab-peek')).toBeLessThan(gutter);
    expect(px(shell, '--fab-width')).toBeGreaterThan(px(shell, '--fab-peek'));
    expect(rule('.service-fab')).toMatch(/width: var\(--fab-width\);/);
    expect(rule('.service-fab')).toMatch(/right: 0;/);
    // The rest of the button is past the edge, clipped by the shell: it neither shows nor takes a tap.
    expect(rule('.service-fab.faded')).toMatch(/transform: translate\(calc\(var\(--fab-width\) - var\(--fab-peek\)\)/);
    expect(shell).toMatch(/overflow-x: clip;/);
    // Reached with the keyboard, it slides out whole.
    expect(rule('.service-fab.faded:focus-visible')).toMatch(/transform: translate\(0, var\(--fab-offset, 0px\)\);/);
  });

  it('rests above the tab bar, or above a page’s bottom bar, and each page leaves room under its last row', () => {
    expect(rule('.app-shell')).toMatch(/--fab-bottom: calc\(var\(--tab-bar-height\)/);
    expect(rule('.app-shell:has(.buy-bar)')).toMatch(/--fab-bottom:/);
    expect(rule('.page-body::after')).toMatch(/height: var\(--page-clearance\);/);
  });
});
