/** Types of release-feed.mjs, for its unit test (test/packaging/release-feed.test.ts). */
export declare function parseVersion(text: string): { major: number; minor: number; patch: number; pre: string[] };
export declare function compareVersions(a: string, b: string): number;
export declare function stagingPercentage(text: string | number | undefined): number;
export declare function withStagingPercentage(yml: string, percentage: string | number): string;
export declare function publisherNameOf(builderYml: string): string;
export interface ReleasePlan {
  VERSION: string;
  CHANNEL: 'stable' | 'beta';
  FEED_CHANNEL: 'latest' | 'beta';
  FEED_CHANNEL_FILE: 'latest.yml' | 'beta.yml';
  STAGING_PERCENTAGE: string;
}
export declare function releasePlan(input: {
  version: string;
  refType?: string | undefined;
  refName?: string | undefined;
  inputChannel?: string | undefined;
  inputStaging?: string | undefined;
  initialStaging?: string | undefined;
}): ReleasePlan;
export declare function channelFiles(channel: string, version: string, feedBetaVersion?: string): string[];
