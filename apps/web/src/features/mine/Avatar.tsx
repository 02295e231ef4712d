import type { UserInfo } from '@app/contracts';

export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** The user's uploaded avatar, or the initials of their nickname until they upload one. */
export function Avatar({ user, size = 56, testId }: { user: UserInfo; size?: number; testId: string }) {
  const style = { width: size, height: size, fontSize: Math.round(size / 2.8) };
  return user.avatar ? (
    <img className="avatar" src={user.avatar} alt="" style={style} data-testid={testId} />
  ) : (
    <div className="avatar initials" style={style} data-testid={testId}>
      {initials(user.nickname || user.account)}
    </div>
  );
}
