// English: Settings → Backups.
export const backupsEn = {
  title: 'Backups',
  hint: 'Tableside backs up its database once a day and before each update of it, and keeps the newest {{kept}}. A restore replaces today’s data with the backup’s (the current database is kept aside).',
  none: 'No backups yet. The first one is made a minute after the start.',
  when: 'Made',
  restore: 'Restore…',
  locked: 'Unlock the settings with the manager PIN to restore a backup.',
  confirmTitle: 'Restore this backup?',
  confirm: 'Everything recorded after {{when}} leaves the list (it stays in the kept-aside database). Tableside stops to restore it.',
  confirmYes: 'Restore and restart',
  restartAutomatic: 'Restoring {{name}}: Tableside restarts in a moment.',
  restartManual: 'Restoring {{name}}: Tableside stops; start it again to continue.',
  megabytes: '{{size}} MB',
};
