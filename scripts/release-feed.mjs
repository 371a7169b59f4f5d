// The release job's decisions about the update feed (.github/workflows/windows.yml, RELEASING.md),
// kept here so they are tested (test/packaging/release-feed.test.ts) rather than buried in YAML.
//   node scripts/release-feed.mjs plan              KEY=value lines for $GITHUB_ENV (from the env below)
//   node scripts/release-feed.mjs stage <yml> <n>   writes stagingPercentage: n into a channel file
//   node scripts/release-feed.mjs files <channel> <version> [<feed's beta version>]
//                                                   the channel files to upload, one a line
// plan reads REF_TYPE/REF_NAME (a v* tag) or INPUT_CHANNEL/INPUT_STAGING (a manual run), and
// INITIAL_STAGING (the repository variable INITIAL_STAGING_PERCENTAGE) for tags.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** x.y.z with an optional pre-release (1.3.0-beta.2); build metadata is not used here. */
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

export function parseVersion(text) {
  const m = VERSION.exec(String(text).trim());
  if (m === null) throw new Error(`not a version: ${JSON.stringify(text)}`);
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4] === undefined ? [] : m[4].split('.') };
}

/** Semantic-version precedence: negative when a comes before b, 0 when equal, positive after. */
export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (const k of ['major', 'minor', 'patch']) if (x[k] !== y[k]) return x[k] - y[k];
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

/** A whole number 0..100; 0 halts a rollout (no till is offered the version). */
export function stagingPercentage(text) {
  const s = String(text ?? '').trim();
  if (!/^\d{1,3}$/.test(s) || Number(s) > 100) throw new Error(`the staging percentage must be a whole number 0..100, got ${JSON.stringify(text)}`);
  return Number(s);
}

/** Sets stagingPercentage in a channel file's text (electron-builder does not write it). */
export function withStagingPercentage(yml, percentage) {
  const n = stagingPercentage(percentage);
  const kept = yml.split('\n').filter((line) => !/^stagingPercentage:/.test(line));
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  return `${kept.join('\n')}\nstagingPercentage: ${n}\n`;
}

/** win.signtoolOptions.publisherName (or win.publisherName) from electron-builder.yml's text. */
export function publisherNameOf(builderYml) {
  const m = /^\s+publisherName:\s*(?:'([^']*)'|"([^"]*)"|(.+?))\s*$/m.exec(builderYml);
  const name = m === null ? '' : (m[1] ?? m[2] ?? m[3] ?? '').trim();
  if (name === '') throw new Error('electron-builder.yml has no win publisherName: updates would not be checked against a signer');
  return name;
}

/**
 * What a release publishes: the feed channel (latest = stable, beta), its file, the staging
 * percentage. A tag's channel follows its version (v1.3.0 stable, v1.3.0-beta.1 beta); a manual
 * run says it. A pre-release never goes to stable tills: electron-updater's generic feed would
 * offer it to them.
 */
export function releasePlan({ version, refType, refName, inputChannel, inputStaging, initialStaging }) {
  const pre = parseVersion(version).pre.length > 0;
  let channel;
  let staging;
  if (refType === 'tag') {
    if (refName !== `v${version}`) throw new Error(`tag ${refName} does not match package.json's version ${version} (expected v${version})`);
    channel = pre ? 'beta' : 'stable';
    staging = channel === 'beta' ? 100 : stagingPercentage(initialStaging || '100');
  } else {
    channel = inputChannel;
    if (channel !== 'stable' && channel !== 'beta') throw new Error(`channel must be stable or beta, got ${JSON.stringify(channel)}`);
    staging = stagingPercentage(inputStaging);
  }
  if (channel === 'stable' && pre) throw new Error(`${version} is a pre-release: it goes to the beta channel only`);
  const feedChannel = channel === 'stable' ? 'latest' : 'beta';
  return { VERSION: version, CHANNEL: channel, FEED_CHANNEL: feedChannel, FEED_CHANNEL_FILE: `${feedChannel}.yml`, STAGING_PERCENTAGE: String(staging) };
}

/**
 * The channel files to upload. A stable release also moves beta.yml (beta tills get stable
 * versions too), unless the feed's beta is already newer: beta tills would otherwise be offered
 * an older version than the beta others already run.
 */
export function channelFiles(channel, version, feedBetaVersion) {
  if (channel === 'beta') return ['beta.yml'];
  if (feedBetaVersion && compareVersions(feedBetaVersion, version) > 0) return ['latest.yml'];
  return ['latest.yml', 'beta.yml'];
}

function main(argv) {
  const [command, ...args] = argv;
  if (command === 'plan') {
    const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
    const plan = releasePlan({
      version,
      refType: process.env.REF_TYPE,
      refName: process.env.REF_NAME,
      inputChannel: process.env.INPUT_CHANNEL,
      inputStaging: process.env.INPUT_STAGING,
      initialStaging: process.env.INITIAL_STAGING,
    });
    plan.PUBLISHER_NAME = publisherNameOf(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
    for (const [k, v] of Object.entries(plan)) process.stdout.write(`${k}=${v}\n`);
  } else if (command === 'stage') {
    const [file, percentage] = args;
    writeFileSync(file, withStagingPercentage(readFileSync(file, 'utf8'), percentage));
    process.stdout.write(`${file}: stagingPercentage ${stagingPercentage(percentage)}\n`);
  } else if (command === 'files') {
    const [channel, version, feedBeta] = args;
    for (const f of channelFiles(channel, version, feedBeta)) process.stdout.write(`${f}\n`);
  } else {
    throw new Error(`release-feed: say plan, stage or files (got ${command ?? 'nothing'})`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`release-feed: ${e.message}\n`);
    process.exit(1);
  }
}
