import { readFileSync } from 'node:fs';
import { DIAGNOSTICS_PATHS } from '../../../preload/names.js';
import type { Logger } from '../../base/log.js';
import { flushLogger, listLogFiles } from '../../base/logging/file-logger.js';
import type { UiDownload } from '../../adapters/ui-server/index.js';
import { scrubText } from './secret-scrub.js';
import { buildSupportBundle, bundleSecrets, type SupportBundleOptions } from './support-bundle.js';

// Where browser mode downloads them (behind the UI token, like the bridge): one list with the renderer's links.
export { DIAGNOSTICS_PATHS } from '../../../preload/names.js';

export function supportBundleName(now: number): string {
  return `tableside-diagnostics-${new Date(now).toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;
}

/** The browser-mode downloads for startUiServer: the newest log file, and a fresh support bundle. */
export function diagnosticsDownloads(options: SupportBundleOptions & { log: Logger }): Record<string, () => Promise<UiDownload | null>> {
  return {
    [DIAGNOSTICS_PATHS.latestLog]: async () => {
      await flushLogger(options.log);
      const latest = listLogFiles(options.dataDir).at(-1);
      if (!latest) return null;
      return {
        fileName: latest.name,
        contentType: 'text/plain; charset=utf-8',
        body: Buffer.from(scrubText(readFileSync(latest.path, 'utf8'), bundleSecrets(options))),
      };
    },
    [DIAGNOSTICS_PATHS.bundle]: async () => {
      await flushLogger(options.log);
      const now = (options.now ?? Date.now)();
      options.log.info({ mod: 'diagnostics' }, 'support bundle downloaded in browser mode');
      return { fileName: supportBundleName(now), contentType: 'application/zip', body: await buildSupportBundle(options) };
    },
  };
}
