import { Tag } from 'antd';

/** Open, ended and waiting for its settlement, or settled. */
export function CycleStatus({
  cycle,
  now = Date.now(),
}: {
  cycle: { status: 'open' | 'settled'; endsAt: string };
  now?: number;
}) {
  if (cycle.status === 'settled') return <Tag color="green">Settled</Tag>;
  if (Date.parse(cycle.endsAt) <= now) return <Tag color="orange">Ended, to settle</Tag>;
  return <Tag color="blue">Running</Tag>;
}
