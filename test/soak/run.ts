/**
 * `npm run soak`: the full month (SOAK_DAYS, default 30) from 10 October 2026 in Prague's time
 * zone, so summer time ends inside it. RSS is read after a forced collection (--expose-gc, which
 * the npm script passes). Prints the figures and exits 1 if a check fails.
 */
process.env.TZ = 'Europe/Prague';

const { flatness, formatSoak, runSoak } = await import('./soak.js');

const days = Number(process.env.SOAK_DAYS ?? 30);
const { morningBackup } = await import('./morning-backup.js');
const result = await runSoak({
  days,
  start: '2026-10-10',
  tables: 60,
  turns: 4,
  backup: morningBackup,
  progress: (line) => process.stderr.write(`soak: ${line}\n`),
});
process.stdout.write(`${formatSoak(result)}\n`);

const flat = flatness(result.days);
const failures = [
  result.lost.length > 0 && `lost payments: ${result.lost.join(', ')}`,
  result.doubled.length > 0 && `double payments: ${result.doubled.join(', ')}`,
  result.days.some((d) => !d.reportOk) &&
    `day reports not equal to their payments: ${result.days
      .filter((d) => !d.reportOk)
      .map((d) => d.date)
      .join(', ')}`,
  !result.reportsStable && 'a day report changed when asked again at the end',
  result.days.some((d) => d.logBytes > result.caps.logBytes || d.logFiles > result.caps.logFiles) && 'logs over their cap',
  result.days.some((d) => d.walBytes > result.caps.walBytes) && 'WAL over its cap',
  Math.abs(flat.rssChange) > 0.1 && `RSS not flat: ${flat.rssFrom.toFixed(1)} → ${flat.rssTo.toFixed(1)} MB`,
  Math.abs(flat.handlesChange) > 0.1 && `open handles not flat: ${flat.handlesFrom} → ${flat.handlesTo}`,
].filter((f): f is string => typeof f === 'string');
for (const f of failures) process.stderr.write(`soak: FAILED: ${f}\n`);
process.exit(failures.length > 0 ? 1 : 0);
