import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFiles, compareVersions, publisherNameOf, releasePlan, stagingPercentage, withStagingPercentage } from '../../scripts/release-feed.mjs';

/**
 * The release job's feed decisions (scripts/release-feed.mjs): which channel a tag goes to, the
 * staging percentage electron-updater reads from the channel file, and which channel files a
 * release may overwrite.
 */
const run = promisify(execFile);
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-release-feed-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A channel file as electron-builder 26 writes it for an NSIS build.
const LATEST_YML = `version: 1.3.0
files:
  - url: Tableside-Setup-1.3.0.exe
    sha512: q0k1c2Q=
    size: 91234567
path: Tableside-Setup-1.3.0.exe
sha512: q0k1c2Q=
releaseDate: '2026-11-29T06:00:00.000Z'
`;

describe('versions', () => {
  it('orders as semantic versions do: pre-releases before their release, numeric parts as numbers', () => {
    const ordered = ['1.2.9', '1.3.0-alpha.1', '1.3.0-beta.2', '1.3.0-beta.10', '1.3.0-rc.1', '1.3.0', '1.3.1', '1.10.0'];
    for (let i = 0; i + 1 < ordered.length; i++) {
      expect(compareVersions(ordered[i]!, ordered[i + 1]!), `${ordered[i]} < ${ordered[i + 1]}`).toBeLessThan(0);
      expect(compareVersions(ordered[i + 1]!, ordered[i]!)).toBeGreaterThan(0);
    }
    expect(compareVersions('1.3.0-beta.2', '1.3.0-beta.2')).toBe(0);
    expect(() => compareVersions('1.3', '1.3.0')).toThrow(/not a version/);
  });
});

describe('the release plan', () => {
  it('a tag goes to the channel its version says; stable starts at the initial staging percentage', () => {
    expect(releasePlan({ version: '1.3.0', refType: 'tag', refName: 'v1.3.0', initialStaging: '10' })).toEqual({
      VERSION: '1.3.0',
      CHANNEL: 'stable',
      FEED_CHANNEL: 'latest',
      FEED_CHANNEL_FILE: 'latest.yml',
      STAGING_PERCENTAGE: '10',
    });
    expect(releasePlan({ version: '1.3.0', refType: 'tag', refName: 'v1.3.0' }).STAGING_PERCENTAGE).toBe('100');
    expect(releasePlan({ version: '1.4.0-beta.1', refType: 'tag', refName: 'v1.4.0-beta.1', initialStaging: '10' })).toMatchObject({
      CHANNEL: 'beta',
      FEED_CHANNEL_FILE: 'beta.yml',
      STAGING_PERCENTAGE: '100',
    });
  });

  it("refuses a tag that is not package.json's version", () => {
    expect(() => releasePlan({ version: '1.3.0', refType: 'tag', refName: 'v1.3.1' })).toThrow(/does not match/);
  });

  it('a manual run takes its channel and percentage; a pre-release never reaches stable tills', () => {
    expect(releasePlan({ version: '1.3.0', refType: 'branch', inputChannel: 'beta', inputStaging: '25' })).toMatchObject({
      FEED_CHANNEL: 'beta',
      STAGING_PERCENTAGE: '25',
    });
    expect(() => releasePlan({ version: '1.4.0-beta.1', refType: 'branch', inputChannel: 'stable', inputStaging: '100' })).toThrow(/pre-release/);
    expect(() => releasePlan({ version: '1.3.0', refType: 'branch', inputChannel: 'nightly', inputStaging: '5' })).toThrow(/stable or beta/);
    expect(() => releasePlan({ version: '1.3.0', refType: 'branch', inputChannel: 'stable', inputStaging: '150' })).toThrow(/0\.\.100/);
  });
});

describe('staging percentage', () => {
  it('is a whole number 0..100 (0 halts)', () => {
    expect(stagingPercentage('0')).toBe(0);
    expect(stagingPercentage(' 100 ')).toBe(100);
    for (const bad of ['', '-1', '101', '12.5', 'ten', undefined]) expect(() => stagingPercentage(bad)).toThrow(/0\.\.100/);
  });

  it('is written once into the channel file, replacing an earlier one, the rest untouched', () => {
    const staged = withStagingPercentage(LATEST_YML, 10);
    expect(staged).toBe(`${LATEST_YML}stagingPercentage: 10\n`);
    expect(withStagingPercentage(staged, '50')).toBe(`${LATEST_YML}stagingPercentage: 50\n`);
  });

  it('`stage` rewrites a real file; a bad percentage leaves it as it was', async () => {
    const file = path.join(dir, 'latest.yml');
    writeFileSync(file, LATEST_YML);
    await run(process.execPath, ['scripts/release-feed.mjs', 'stage', file, '25']);
    expect(readFileSync(file, 'utf8')).toBe(`${LATEST_YML}stagingPercentage: 25\n`);
    const failure = await run(process.execPath, ['scripts/release-feed.mjs', 'stage', file, '250']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(`${LATEST_YML}stagingPercentage: 25\n`);
  });
});

describe('channel files a release uploads', () => {
  it('a beta release: beta.yml only; a stable one: latest.yml, and beta.yml unless the beta is ahead', () => {
    expect(channelFiles('beta', '1.4.0-beta.1')).toEqual(['beta.yml']);
    expect(channelFiles('stable', '1.3.0')).toEqual(['latest.yml', 'beta.yml']);
    expect(channelFiles('stable', '1.3.0', '1.3.0-beta.4')).toEqual(['latest.yml', 'beta.yml']);
    expect(channelFiles('stable', '1.3.1', '1.4.0-beta.1')).toEqual(['latest.yml']);
  });
});

describe("electron-builder.yml's publisherName", () => {
  it('is read from win.signtoolOptions, quoted or not; without one the release stops', () => {
    expect(publisherNameOf('win:\n  signtoolOptions:\n    publisherName: Tableside s.r.o.\n')).toBe('Tableside s.r.o.');
    expect(publisherNameOf("win:\n  signtoolOptions:\n    publisherName: 'Tableside s.r.o.'\n")).toBe('Tableside s.r.o.');
    expect(() => publisherNameOf('win:\n  icon: assets/icon.png\n')).toThrow(/no win publisherName/);
  });
});
