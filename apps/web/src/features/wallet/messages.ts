/**
 * The texts of the wallet statement (and its export) and of an order's details, in English; the
 * other languages in `messages.<language>.ts` beside it, each loaded only with its language.
 * Spread into the app's i18n files as the groups `statement` and `orderDetails`.
 */
export const walletScreensEn = {
  statement: {
    title: 'Statement',
    menu: 'Statement of my wallets',
    recordsLink: 'Statement',
    tabs: { deposit: 'Recharge', income: 'Income', points: 'Points' },
    wallets: { deposit: 'Recharge wallet', income: 'Income wallet', points: 'Points' },
    balanceNow: 'Balance now',
    balanceAfter: 'Balance {{amount}}',
    kind: 'Kind',
    allKinds: 'All kinds',
    chooseKind: 'Show movements of one kind',
    empty: 'No movements yet',
    emptyHint: {
      deposit: 'Your recharges, purchases paid from this wallet and adjustments appear here.',
      income: 'Income you collect, team rewards, bonuses, withdrawals and refunds appear here.',
      points: 'Points you earn and spend appear here.',
    },
    emptyKind: 'No “{{kind}}” in this wallet yet',
    emptyKindHint: 'Choose “All kinds” to see every movement.',
    export: 'Export',
    exportTitle: 'Export as a spreadsheet (CSV)',
    exportHint:
      'Every movement from the first day to the last, both included, by the days of the platform ({{timezone}} time).',
    exportKind: 'Only “{{kind}}”, as the list is filtered.',
    from: 'From',
    to: 'To',
    pickFrom: 'First day',
    pickTo: 'Last day',
    badRange: 'The first day is after the last day. Choose an earlier first day.',
    download: 'Download CSV',
    reading: 'Reading your movements… {{lines}} so far',
    downloaded: 'Downloaded {{file}}',
    nothing: 'Nothing moved in this wallet on these days, so there is nothing to download. Choose other days.',
    failed: 'The file could not be prepared: {{reason}}',
    failedHint: 'Check your connection and tap “Download CSV” again. If it keeps failing, contact customer service.',
    csv: {
      date: 'Date ({{timezone}})',
      kind: 'Kind',
      source: 'Details',
      amount: 'Amount ({{currency}})',
      points: 'Points',
      balanceAfter: 'Balance after ({{currency}})',
      pointsAfter: 'Points after',
    },
  },
  orderDetails: {
    title: 'Order details',
    product: 'Product',
    quantity: 'Quantity',
    amount: 'Price',
    discount: 'Coupon discount',
    paid: 'Paid',
    wallet: 'Paid from',
    time: 'Time',
    listPrice: 'Price {{amount}}',
    couponOff: '{{amount}} off with a coupon',
    inStatement: 'See it in the statement',
    close: 'Close',
  },
};

export type WalletScreensMessages = typeof walletScreensEn;
