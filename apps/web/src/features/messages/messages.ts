/**
 * The texts of the system messages, the contact form and the location pages in English; the other
 * languages in `messages.<language>.ts` beside it, each loaded only with its language. Spread into
 * the app's i18n files as the groups `messages`, `contactForm` and `location`.
 */
export const messageScreensEn = {
  messages: {
    title: 'System messages',
    menu: 'System messages',
    readAll: 'Read all',
    unread: 'Unread',
    unreadCount_one: '{{count}} unread message',
    unreadCount_other: '{{count}} unread messages',
    empty: 'No messages yet',
    emptyHint: 'Notices about your withdrawals, deposits, level and prizes appear here. Pull down to check again.',
  },
  contactForm: {
    title: 'Write to us',
    hint: 'Our answer will arrive in your system messages.',
    message: 'Your message',
    contact: 'Phone or email to reach you (optional)',
    send: 'Send',
    sent: 'Sent. We will answer in your system messages.',
    required: 'Write your message first.',
    signInHint: 'Sign in to write to us. Our answer will arrive in your system messages.',
  },
  location: {
    menu: 'Share my location',
    title: 'Share your location',
    why: 'Sharing your location helps us offer services near you. We only read it if you allow it, once.',
    allow: 'Allow',
    refuse: 'Not now',
    refused: 'You chose not to share your location. We will not ask again unless you come back here.',
    back: 'Back',
    shared: 'Location shared. Thank you.',
    openTitle: 'Turn on location',
    offTitle: 'Your location is not available',
    offHint:
      'Location services are off or this browser was not allowed to use them. Turn them on in your phone settings, allow this site, then try again.',
    retry: 'Try again',
  },
};
