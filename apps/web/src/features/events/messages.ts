/**
 * The texts of the events and statistics screens in English; the other languages in
 * `messages.<language>.ts` beside it, each loaded only with its language. Spread into the app's
 * i18n files as the groups `events` and `statistics`.
 */
export const eventScreensEn = {
  events: {
    menu: 'Events',
    kinds: { anniversary: 'Anniversary event', conference: 'Press conference' },
    states: { open: 'Open', full: 'Full', ended: 'Ended' },
    applied: 'Already Apply',
    actions: { signup: 'Sign up', applied: 'Already Apply', ended: 'Event has ended', full: 'No seats left' },
    starts: 'Starts',
    ends: 'Ends',
    seats: 'Seats',
    seatsLeft: '{{left}} of {{capacity}} left',
    reward: 'Sign-up reward',
    points_one: '{{points}} point',
    points_other: '{{points}} points',
    signedUp: 'You are signed up',
    empty: 'No event right now',
    emptyHint: 'New events are announced here. Pull down to check again.',
  },
  statistics: {
    title: 'Statistics',
    period: 'Period',
    lastDays: '{{days}} days',
    total: 'Income in the last {{days}} days',
    perDay: 'Income per day',
    chartLabel: 'Bar chart of your income on each of the last {{days}} days',
    empty: 'No income in this period',
    emptyHint: 'Income from your machines, your team and rewards appears here day by day.',
    byType: 'Income by type',
    byTypeEmpty: 'No income yet.',
    days: 'Day by day',
    noDays: 'No day with income in this period.',
  },
};
