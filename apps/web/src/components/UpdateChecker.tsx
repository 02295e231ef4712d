import { APP_VERSION, APP_VERSION_CODE } from '@app/contracts';
import { Dialog, Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { call } from '../api';
import { api } from '../api/routes';
import i18n from '../i18n';

export const UPDATE_CHECK_INTERVAL_MS = 28_800_000;

/** Compares dotted versions: 1 if a > b, -1 if a < b, 0 if equal. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff > 0 ? 1 : -1;
  }
  return 0;
}

/** What the device says of itself: enough to tell an iPhone or iPad (which iPadOS dresses as a Mac). */
type Device = Pick<Navigator, 'userAgent' | 'maxTouchPoints'>;

function isIos({ userAgent, maxTouchPoints }: Device): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** An Android package (".apk"): the app's download for Android phones, which iOS cannot install. */
function isAndroidPackage(url: string): boolean {
  try {
    return new URL(url, 'https://app.invalid/').pathname.toLowerCase().endsWith('.apk');
  } catch {
    return false;
  }
}

/**
 * What "Update now" does: open the update's link, reload the web app when there is none, or, for an
 * Android package on iOS, say the spec's "iOS not supported for now" instead of downloading a file
 * the phone cannot install.
 */
export function updateAction(url: string, device: Device = navigator): 'open' | 'reload' | 'ios-unsupported' {
  if (!url) return 'reload';
  return isAndroidPackage(url) && isIos(device) ? 'ios-unsupported' : 'open';
}

let dialogOpen = false;

export async function checkForUpdate(): Promise<void> {
  if (dialogOpen) return;
  let info: Awaited<ReturnType<typeof call<typeof api.system.appUpdate>>>;
  try {
    info = await call(api.system.appUpdate, { version: APP_VERSION }, undefined, { silent: true });
  } catch {
    return;
  }
  const newer = info.versionCode > APP_VERSION_CODE || compareVersions(info.latestVersion, APP_VERSION) > 0;
  if (!newer) return;
  dialogOpen = true;
  const action = updateAction(info.url);
  // A forced update this device cannot install would lock it out of the app: it stays a suggestion.
  const force = info.force && action !== 'ios-unsupported';
  const update = () => {
    if (action === 'ios-unsupported') Toast.show({ content: i18n.t('update.iosUnsupported') });
    else if (action === 'open') window.location.assign(info.url);
    else window.location.reload();
  };
  const content = [i18n.t('update.body', { version: info.latestVersion }), info.notes].filter(Boolean).join('\n\n');
  const actions = force
    ? [{ key: 'now', text: i18n.t('update.now'), bold: true, onClick: update }]
    : [
        { key: 'now', text: i18n.t('update.now'), bold: true, onClick: update },
        { key: 'later', text: i18n.t('update.later') },
      ];
  Dialog.show({
    title: i18n.t('update.title'),
    content: <div style={{ whiteSpace: 'pre-line' }}>{content}</div>,
    closeOnAction: !force,
    closeOnMaskClick: false,
    actions,
    afterClose: () => {
      dialogOpen = false;
    },
  });
}

/** App-update check at start and every 8 hours (docs/product.md#system-calls). */
export function UpdateChecker() {
  useEffect(() => {
    void checkForUpdate();
    const timer = setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}
