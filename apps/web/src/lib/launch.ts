export const SIGN_UP_PATH = '/account/signUp';

/**
 * Launch behaviour (docs/product.md#launch-behaviour): an address holding a share link with `code`
 * (any path with ?code=), or the sign-in page with an invite, goes to /account/signUp carrying that
 * code. Returns null when nothing to do.
 */
export function inviteRedirect(pathname: string, search: string): string | null {
  if (pathname === SIGN_UP_PATH) return null;
  const params = new URLSearchParams(search);
  let code = params.get('code');
  if (!code && pathname === '/account/signIn') code = params.get('invite') ?? params.get('inviteCode');
  code = code?.trim() ?? '';
  if (!code) return null;
  return `${SIGN_UP_PATH}?code=${encodeURIComponent(code)}`;
}
