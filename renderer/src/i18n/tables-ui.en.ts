// The Tables tab's toolbar, compact cards, side sheet and floor plan.
export const tablesUiEn = {
  filterLabel: 'Show tables',
  filter: {
    all: 'All',
    open: 'Open',
    'in-payment': 'Payment in progress',
    'partly-paid': 'Partly paid',
    paid: 'Paid',
    attention: 'Needs attention',
  },
  noneInFilter: 'No table to show under "{{filter}}" right now.',
  layoutLabel: 'Layout',
  layout: { grid: 'Grid', floor: 'Floor' },
  jumpHint: 'Type a table number to jump to it, Enter opens it',
  jumping: 'Table {{text}}…',
  noMatch: 'No table "{{text}}"',
  attention: 'Needs attention',
  paidAt: 'Paid {{amount}} at {{time}}',
  paidTime: 'paid {{time}}',
  autoCloseBills: 'Close a bill by itself once everything on it is paid',
  hideBill: 'Hide bill',
  floor: {
    hint: 'Drag a table to its place, or focus it and move it with Shift+arrow keys.',
    planLabel: 'Floor plan',
    unplaced: 'Not on the plan yet',
  },
};
