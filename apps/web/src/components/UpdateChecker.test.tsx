// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n';
import { renderAntdWithCreateRoot } from '../lib/antdRender';

await i18nReady;

/** A page's first render loads antd and the language: slow on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };

const callMock = vi.fn();
vi.mock('../api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const { checkForUpdate, updateAction } = await import('./UpdateChecker');

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari';

const { userAgent } = navigator;
function useDevice(agent: string, touchPoints = 0) {
  Object.defineProperty(navigator, 'userAgent', { value: agent, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: touchPoints, configurable: true });
}

beforeAll(() => {
  renderAntdWithCreateRoot();
  // A toast another file left open would take this file's text in a page no longer shown.
  Toast.clear();
});
afterEach(() => {
  Toast.clear();
  Dialog.clear();
  useDevice(userAgent);
  callMock.mockReset();
  document.body.innerHTML = '';
});

describe('the app update on a device it is not made for (the spec: “iOS not supported for now”)', () => {
  it('an Android package is not opened on an iPhone or an iPad', () => {
    expect(updateAction('https://example.com/app-1.0.3.apk', { userAgent: IPHONE, maxTouchPoints: 5 })).toBe(
      'ios-unsupported',
    );
    expect(updateAction('/download/app.APK?v=3', { userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe(
      'ios-unsupported',
    );
  });

  it('it is opened on Android, and any other link is opened everywhere; no link reloads the web app', () => {
    expect(updateAction('https://example.com/app.apk', { userAgent: ANDROID, maxTouchPoints: 5 })).toBe('open');
    expect(updateAction('https://apps.apple.com/app/id1', { userAgent: IPHONE, maxTouchPoints: 5 })).toBe('open');
    expect(updateAction('', { userAgent: IPHONE, maxTouchPoints: 5 })).toBe('reload');
  });

  it('on an iPhone, “Update now” says “iOS not supported for now” instead of downloading', async () => {
    useDevice(IPHONE, 5);
    callMock.mockResolvedValue({
      latestVersion: '1.0.3',
      versionCode: 103,
      force: false,
      url: 'https://example.com/app-1.0.3.apk',
      notes: '',
    });
    await checkForUpdate();
    fireEvent.click(await screen.findByText('Update now', {}, FIRST_RENDER));
    expect(await screen.findByText('iOS not supported for now', {}, FIRST_RENDER)).toBeTruthy();
  }, 15_000);
});
