import type { Address } from '@app/contracts';
import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

export type { Address };

export const addressesKey = ['addresses'] as const;

/** The user's addresses, the default first (the server's order). */
export function useAddresses() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: addressesKey,
    queryFn: () => call(api.addresses.list, {}),
    enabled: token !== '',
  });
}
