import type { StoredSettings } from '../base/host-types.js';
import type { HeadlessArgs } from './args.js';

/**
 * This run's overrides of settings.json, from the flags: only what a flag names, so everything
 * else comes from the data dir. A --service-url means the sandbox environment unless one is set.
 */
export function settingsOverrides(args: HeadlessArgs): Partial<StoredSettings> {
  const overrides: Partial<StoredSettings> = {};
  if (args.serviceUrl) {
    overrides.environment = 'sandbox';
    overrides.serviceUrl = args.serviceUrl;
  }
  if (args.posId) overrides.posId = args.posId.toLowerCase();
  if (args.transport) overrides.transport = args.transport;
  if (args.posApiPort !== undefined) overrides.posApiPort = args.posApiPort;
  if (args.webhookPort !== undefined) overrides.webhookPort = args.webhookPort;
  if (args.webhookHost) overrides.webhookHost = args.webhookHost;
  if (args.publicUrl) overrides.webhookPublicUrl = args.publicUrl;
  if (args.serviceName) overrides.serviceName = args.serviceName;
  return overrides;
}
