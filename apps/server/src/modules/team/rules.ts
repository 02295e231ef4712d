import { accountKind, TEAM_LEVELS, type TeamLevel } from '@app/contracts';

/**
 * An account as the user's team sees it (docs/product.md#referral): an email keeps the first two
 * characters of its name (one when the name is that short) and its domain, `ab***@mail.com`; a
 * phone keeps its first and last three digits, `080****567` (one each when it is short). The marks
 * are as many whatever the length, so they hide the length too.
 */
export function maskAccount(account: string): string {
  if (accountKind(account) === 'email') {
    const at = account.lastIndexOf('@');
    const name = account.slice(0, at);
    return `${name.slice(0, name.length > 2 ? 2 : 1)}***${account.slice(at)}`;
  }
  const shown = account.replace('+', '').length >= 7 ? 3 : 1;
  const head = account.startsWith('+') ? shown + 1 : shown;
  return `${account.slice(0, head)}****${account.slice(-shown)}`;
}

/**
 * A member's nickname as their upline sees it. The sign-up default gives the account away (an
 * email's name, or "User" and a phone's last four digits), so a nickname that the email begins with,
 * or that ends in the phone's last four digits, keeps its first two characters only.
 */
export function memberNickname(nickname: string, account: string): string {
  const reveals =
    accountKind(account) === 'email'
      ? nickname.length > 0 && account.toLowerCase().startsWith(nickname.toLowerCase())
      : nickname.endsWith(account.slice(-4));
  return reveals ? `${nickname.slice(0, 2)}***` : nickname;
}

/** The sign-up link a user shares: the web app's sign-up page with their code. */
export function inviteUrl(publicUrl: string, inviteCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/account/signUp?code=${encodeURIComponent(inviteCode)}`;
}

export interface LevelTotals {
  level: TeamLevel;
  members: number;
  commission: bigint;
}

/**
 * Every level of a team, 1 to 3, from the rows kept (a level nobody has reached yet has none),
 * with the team's size and total commission.
 */
export function teamFigures(rows: { depth: number; members: number; commission: bigint }[]) {
  const levels: LevelTotals[] = TEAM_LEVELS.map((level) => {
    const row = rows.find((candidate) => candidate.depth === level);
    return { level, members: row?.members ?? 0, commission: row?.commission ?? 0n };
  });
  return {
    levels,
    teamSize: levels.reduce((sum, level) => sum + level.members, 0),
    totalCommission: levels.reduce((sum, level) => sum + level.commission, 0n),
  };
}
