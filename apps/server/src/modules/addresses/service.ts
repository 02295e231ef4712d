import { type AddressInput, type Language, phoneMinDigitsFor } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAddress } from './presenter.ts';
import {
  type AddressFields,
  addressesOf,
  addressOf,
  clearDefault,
  countAddresses,
  deleteAddress,
  insertAddress,
  lockAddressBook,
  promoteNewest,
  updateAddress,
} from './repository.ts';
import { assertRoomForAddress, contactOf, isDefaultAfter } from './rules.ts';

/**
 * The user's address book (where prizes of goods are shipped). Every change runs under the lock
 * of the user's row, so the cap and the single default hold however many changes arrive at once;
 * an address that is not the caller's is answered as one that does not exist.
 */
export class AddressService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  async list(userId: number) {
    return (await addressesOf(this.db, userId)).map(presentAddress);
  }

  async create(userId: number, input: AddressInput, lang: Language) {
    const fields = await this.fieldsOf(input, lang);
    const row = await inTransaction(this.db, async (tx) => {
      await lockAddressBook(tx, userId);
      const count = await countAddresses(tx, userId);
      assertRoomForAddress(count);
      const isDefault = isDefaultAfter({ wasDefault: false, asked: input.isDefault, others: count });
      if (isDefault) await clearDefault(tx, userId);
      return insertAddress(tx, { ...fields, userId, isDefault, at: this.clock.now() });
    });
    return presentAddress(row);
  }

  async update(userId: number, id: number, input: AddressInput, lang: Language) {
    const fields = await this.fieldsOf(input, lang);
    const row = await inTransaction(this.db, async (tx) => {
      await lockAddressBook(tx, userId);
      const before = await addressOf(tx, userId, id);
      if (!before) throw new AppError('ADDRESS_NOT_FOUND');
      const others = (await countAddresses(tx, userId)) - 1;
      const isDefault = isDefaultAfter({ wasDefault: before.isDefault, asked: input.isDefault, others });
      if (isDefault && !before.isDefault) await clearDefault(tx, userId);
      return updateAddress(tx, id, { ...fields, isDefault, at: this.clock.now() });
    });
    return presentAddress(row);
  }

  async remove(userId: number, id: number) {
    await inTransaction(this.db, async (tx) => {
      await lockAddressBook(tx, userId);
      const before = await addressOf(tx, userId, id);
      if (!before) throw new AppError('ADDRESS_NOT_FOUND');
      await deleteAddress(tx, id);
      if (before.isDefault) await promoteNewest(tx, userId);
    });
    return null;
  }

  /** The stored fields of an address: contact details checked and normalized (configuration read before any transaction). */
  private async fieldsOf(input: AddressInput, lang: Language): Promise<AddressFields> {
    const contact = contactOf(input, phoneMinDigitsFor(await this.config.all(), lang));
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      region: input.region,
      city: input.city,
      postalCode: input.postalCode,
      detail: input.detail,
      ...contact,
    };
  }
}
