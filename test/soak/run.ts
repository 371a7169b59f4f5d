/**
 * `npm run soak`: the full month (SOAK_DAYS, default 30) from 10 October 2026 in Prague's time
 * zone, so summer time ends inside it. RSS is read after a forced collection (--expose-gc, which
 * the npm script passes). Prints the figures and exits 1 if a check fails.
 */
process.env.TZ = 'Europe/Prague';

const { formatSoak, runSoak, soakFailures } = await import('./soak.js');

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

const failures = soakFailures(result, { allowNoFullDisk: process.env.SOAK_ALLOW_NO_FULL_DISK === '1' });
for (const f of failures) process.stderr.write(`soak: FAILED: ${f}\n`);
process.exit(failures.length > 0 ? 1 : 0);
