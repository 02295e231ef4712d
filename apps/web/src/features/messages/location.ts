export const LOCATION_PATHS = { choose: '/system/location/choose', open: '/system/location/open' } as const;

/** The user's answer to sharing their location, kept on this device: a refusal is not asked again. */
export type LocationConsent = 'granted' | 'refused';

const KEY = 'location-consent';

export function locationConsent(storage: Pick<Storage, 'getItem'> = localStorage): LocationConsent | null {
  const value = storage.getItem(KEY);
  return value === 'granted' || value === 'refused' ? value : null;
}

export function rememberLocationConsent(consent: LocationConsent, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(KEY, consent);
}
