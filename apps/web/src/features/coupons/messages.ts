import type { Messages } from '../../i18n/en';

/**
 * The texts of My address, Coupons and Redeem (and the purchase sheet's coupon choice) in English;
 * the other languages in `messages.<language>.ts` beside it, each loaded only with its language.
 * Spread into the app's i18n files as the groups `address`, `coupons` and `redeem`.
 */
export const pointsScreensEn = {
  address: {
    menu: 'My address',
    title: 'My address',
    chooseTitle: 'Choose an address',
    chooseHint: 'Tap the address to ship to.',
    empty: 'No address yet',
    emptyHint: 'Add the address where prizes and gifts should be delivered.',
    add: 'Add an address',
    edit: 'Edit',
    delete: 'Delete',
    deleteConfirm: 'Delete the address of {{name}}?',
    deleted: 'Address deleted',
    saved: 'Address saved',
    default: 'Default',
    setDefault: 'Set as default',
    defaultSet: 'Default address changed',
    makeDefault: 'Use as my default address',
    save: 'Save',
    optional: '{{field}} (optional)',
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      phone: 'Phone',
      email: 'Email',
      region: 'Region',
      city: 'City',
      postalCode: 'Postal code',
      detail: 'Street and number',
    },
  },
  coupons: {
    menu: 'My coupons',
    title: 'My coupons',
    status: { unused: 'Unused', used: 'Used', expired: 'Expired' },
    empty: { unused: 'No coupon to use', used: 'No coupon used yet', expired: 'No expired coupon' },
    emptyHint: 'Coupons come from redeem codes, prize draws and promotions.',
    off: 'off',
    minSpend: 'On orders from {{amount}}',
    noMinimum: 'On any order',
    validUntil: 'Valid until {{date}}',
    expiredOn: 'Expired on {{date}}',
    use: 'Coupon',
    none: 'No coupon',
    toPay: 'To pay',
  },
  redeem: {
    menu: 'Redeem a code',
    title: 'Redeem a code',
    hint: 'Enter the code you received to collect its reward.',
    label: 'Redeem code',
    placeholder: 'Enter the code',
    submit: 'Redeem',
    required: 'Enter a code.',
    success: 'Code redeemed',
    reward: {
      cash: '{{amount}} was added to your income balance.',
      points_one: '{{points}} point was added to your balance.',
      points_other: '{{points}} points were added to your balance.',
      coupon: 'A coupon of {{amount}} was added to your coupons.',
    },
    seeCoupons: 'See my coupons',
    seeWallet: 'See my wallet',
    another: 'Redeem another code',
  },
};

/** Another language's texts of these screens: the same keys, each counted one in that language's own plural forms. */
export type PointsScreensMessages = Pick<Messages, keyof typeof pointsScreensEn>;
