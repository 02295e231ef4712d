/**
 * My address as a chooser. Another page (a won prize's detail, to pick where goods are shipped)
 * opens `/pagesB/wallet/myAddress?select=1&returnTo=<path>`; tapping an address then goes back to
 * `<path>` with `addressId=<id>` added to its query, and the opener reads it from there.
 */
export const ADDRESS_PAGE = '/pagesB/wallet/myAddress';

export interface ChooserTarget {
  /** Where to go back with the chosen address; null when the page is not a chooser. */
  returnTo: string | null;
}

/**
 * The return path of a chooser, only when it stays inside the app: a path of this origin
 * ("/x…", never "//host" or "https://…"), so a crafted link cannot send the user elsewhere.
 */
export function chooserTarget(params: URLSearchParams): ChooserTarget {
  if (params.get('select') !== '1') return { returnTo: null };
  const raw = params.get('returnTo') ?? '';
  const inApp = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\');
  return { returnTo: inApp ? raw : null };
}

/** `returnTo` with `addressId` set in its query (replacing one already there), its hash kept. */
export function withAddressId(returnTo: string, addressId: number): string {
  const hashAt = returnTo.indexOf('#');
  const hash = hashAt >= 0 ? returnTo.slice(hashAt) : '';
  const rest = hashAt >= 0 ? returnTo.slice(0, hashAt) : returnTo;
  const queryAt = rest.indexOf('?');
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const query = new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : '');
  query.set('addressId', String(addressId));
  return `${path}?${query.toString()}${hash}`;
}

/** The path of the chooser, for the opener: `chooserPath('/pagesB/draw/record?id=4')`. */
export function chooserPath(returnTo: string): string {
  return `${ADDRESS_PAGE}?${new URLSearchParams({ select: '1', returnTo }).toString()}`;
}
