import type { Messages } from '../../i18n/en';

/**
 * The texts of the draw screens and records in English; the other languages in
 * `messages.<language>.ts` beside it, each loaded only with its language. Merged into the app's
 * i18n files as `draws`.
 */
export const drawsEn = {
  menu: 'Lucky draws',
  entriesHint: 'Spend points for a chance to win cash, points and gifts.',
  kinds: { turntable: 'Lucky turntable', grid: 'Nine-grid', capsule: 'Lucky capsule', window: 'Lucky window' },
  perDraw: 'Points per draw',
  leftToday: 'Draws left today',
  myPoints: 'My points',
  prizes: 'Prizes',
  endsAt: 'Ends {{date}}',
  start_one: 'Draw · {{points}} point',
  start_other: 'Draw · {{points}} points',
  go: 'GO',
  drawing: 'Drawing…',
  tapWindow: 'Tap a window to open it',
  capsuleHint: 'Turn the handle for a capsule',
  empty: 'No draw is running',
  emptyHint: 'Draws appear here when a campaign starts. Check back soon.',
  won: 'You won!',
  missed: 'Not this time',
  missedHint: 'Better luck on the next draw.',
  again: 'Draw again',
  viewPrize: 'View prize',
  addressNeeded: 'Choose where to send your gift in the prize details.',
  failed: 'The draw failed. Try again.',
  pointsValue_one: '{{amount}} point',
  pointsValue_other: '{{amount}} points',
  drawsValue_one: '+{{count}} draw',
  drawsValue_other: '+{{count}} draws',
  prizeKinds: {
    cash: 'Cash',
    points: 'Points',
    draws: 'Extra draws',
    coupon: 'Coupon',
    goods: 'Gift',
    nothing: 'No prize',
  },
  status: {
    completed: 'Received',
    awaiting_address: 'Address needed',
    awaiting_shipment: 'Awaiting shipment',
    shipped: 'Shipped',
  },
  records: {
    title: 'Draw records',
    empty: 'No draws yet',
    emptyHint: 'Every draw you make and the prize it gave appear here.',
  },
  detail: {
    title: 'Prize details',
    prize: 'Prize',
    campaign: 'Draw',
    drawnAt: 'Drawn on',
    pointsSpent: 'Points spent',
    status: 'Status',
    address: 'Shipping address',
    chooseAddress: 'Choose a shipping address',
    addressHint: 'Tell us where to send your gift.',
    addressSaved: 'Address saved. Your gift will be shipped soon.',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    shippedAt: 'Shipped on',
  },
};

/** Another language's draw texts: the same keys, each counted one in that language's own plural forms. */
export type DrawsMessages = Messages['draws'];
