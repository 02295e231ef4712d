import type { CouponStatus } from '@app/contracts';
import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

export const couponsKey = ['coupons'] as const;
export const couponsOf = (status: CouponStatus) => [...couponsKey, status] as const;

/** How many unused coupons the purchase sheet reads: more than anyone holds at once in practice. */
const SHEET_LIMIT = 100;

/** The unused coupons, for the purchase sheet (the server lists them soonest to expire first). */
export function useUnusedCoupons(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...couponsOf('unused'), 'sheet'],
    queryFn: () => call(api.coupons.list, { status: 'unused', limit: SHEET_LIMIT }),
    enabled: enabled && token !== '',
  });
}
