// English: the words of the notices screen.
export const noticesEn = {
  title: 'Notifications',
  paid: '{{table}} paid {{amount}}',
  paidWithTip: '{{table}} paid {{amount}} + {{tip}} tip',
  cancelled: 'Payment of {{amount}} at {{table}} was cancelled: the items are back on the bill.',
  declined: 'Payment at {{table}} was declined: the guest can try again or pay at the till.',
  serviceError: 'The payment service reported an error: {{message}}',
  acknowledge: 'OK',
  more: '+{{n}} more',
  showFewer: 'Show only the newest',
  acknowledgeAll: 'Acknowledge all ({{n}})',
  action: {
    open: 'Open {{table}}',
    paidPart: '{{table}} paid {{amount}} of {{total}}, {{due}} left',
    paidPartWithTip: '{{table}} paid {{amount}} of {{total}}, {{due}} left (+ {{tip}} tip)',
    refundedMark: 'refunded',
    refunded: '{{table}}: payment of {{amount}} refunded, the items are back on the bill.',
    failed: '{{table}}: payment of {{amount}} {{reason}}, the items are back on the bill.',
    reason: {
      ABANDONED: 'was abandoned (the service ended it without telling the till)',
      CANCELLED: 'was cancelled before payment',
      LOCK_EXPIRED: 'timed out',
      NOT_FOUND: 'was lost (connection lost; the service has no record of it)',
      other: 'was not completed ({{state}})',
    },
    capture: '{{table}}: capture {{amount}}',
  },
};
