// English: the words of the diagnostics screen.
export const diagnosticsEn = {
  title: 'Logs and diagnostics',
  hint: 'For support: one zip with the logs, the settings (secrets hidden), versions and the database check.',
  logsFolder: 'Logs folder',
  openLogs: 'Open logs folder',
  downloadLog: 'Download latest log',
  export: 'Export diagnostics',
  saved: 'Diagnostics saved to {{file}}.',
  DIAGNOSTICS_NOT_WRITTEN: 'The diagnostics file could not be written there. Choose another folder, such as Documents.',
  LOGS_NOT_OPENED: 'The logs folder did not open. Find it at the path shown above.',
};
