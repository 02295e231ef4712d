import type { Address } from '@app/contracts';
import type { AddressRow } from './repository.ts';

export function presentAddress(row: AddressRow): Address {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    region: row.region,
    city: row.city,
    postalCode: row.postalCode,
    detail: row.detail,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}
