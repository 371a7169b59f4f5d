// Notices that lead to their table, payments awaiting capture, safe actions.
export const actionsEn = {
  notice: {
    open: 'Open {{table}}',
    paidPart: '{{table}} paid {{amount}} of {{total}}, {{due}} left',
    paidPartWithTip: '{{table}} paid {{amount}} of {{total}}, {{due}} left (+ {{tip}} tip)',
    refundedMark: 'refunded',
    refunded: '{{table}}: payment of {{amount}} refunded, the items are back on the bill.',
    failed: '{{table}}: payment of {{amount}} {{reason}}, the items are back on the bill.',
    reason: {
      LOCK_EXPIRED: 'timed out',
      NOT_FOUND: 'was lost (connection lost; the service has no record of it)',
      other: 'was not completed ({{state}})',
    },
    capture: '{{table}}: capture {{amount}}',
  },
  settings: {
    reminderSeconds: 'Remind of unacknowledged problems every (seconds, 0 = never)',
    reminderRange: 'enter whole seconds from 0 to 3600',
  },
  close: {
    whilePaying: 'A guest is paying this bill: close it after the payment ends.',
    stillDue: '{{due}} is still due on this bill.',
    how: 'How was it settled?',
    pickMethod: 'choose how the amount due was settled',
    method: { cash: 'Cash', 'card-at-counter': 'Card at the counter', 'written-off': 'Written off' },
    note: 'Note (optional)',
  },
  unsaved: {
    title: 'Save the changed settings?',
    text: 'Some settings were changed but not saved.',
    stay: 'Stay',
    save: 'Save and leave',
    discard: 'Discard changes',
  },
  capture: {
    state: 'Capture needed',
    action: 'Capture',
    actionFor: 'Capture {{amount}} at {{table}}',
  },
};
