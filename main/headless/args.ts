import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { StoredSettings } from '../base/host-types.js';
import { describeIssues } from '../base/wire/index.js';
import { SettingsPatch } from '../features/settings/settings-schema.js';

/**
 * Flags of `npm run headless`. Without service flags the host runs from the data dir's settings.json
 * and stored key (demo mode only when the data dir holds no configuration); flags override them
 * for this run and are never saved. The key can come from a file or TABLESIDE_API_KEY instead of
 * --api-key, so it never shows in a process list or npm's echo of the command.
 */
export const HeadlessArgs = z
  .object({
    dataDir: z.string().min(1),
    serviceUrl: z.string().url('must be a URL such as https://sandbox.example.com').optional(),
    apiKey: z.string().min(1).optional(),
    apiKeyFile: z.string().min(1).optional(),
    posId: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
      .optional(),
    transport: z.enum(['ws', 'longpoll', 'webhook']).optional(),
    posApiPort: z.coerce.number().int().min(0).max(65535).optional(),
    webhookPort: z.coerce.number().int().min(0).max(65535).optional(),
    webhookHost: z.string().optional(),
    publicUrl: z.string().url('must be the public URL the service can reach').optional(),
    uiPort: z.coerce.number().int().min(0).max(65535).optional(),
    ui: z.boolean(),
    serviceName: z.string().optional(),
    diagnostics: z.string().min(1, 'needs the zip file to write').optional(),
    restoreBackup: z.string().min(1, 'needs a backup: latest, a name from <data-dir>/backups, or a path').optional(),
  })
  .refine((a) => !(a.apiKey && a.apiKeyFile), { message: 'give the API key once: --api-key or --api-key-file', path: ['apiKey'] })
  .refine((a) => a.transport !== 'webhook' || !a.serviceUrl || a.publicUrl, { message: '--transport webhook needs --public-url', path: ['publicUrl'] });
export type HeadlessArgs = z.infer<typeof HeadlessArgs>;

/** The flags parseArgs knows; HEADLESS_USAGE lists each. */
export const HEADLESS_FLAGS = {
  'data-dir': { type: 'string' },
  'service-url': { type: 'string' },
  'api-key': { type: 'string' },
  'api-key-file': { type: 'string' },
  'pos-id': { type: 'string' },
  transport: { type: 'string' },
  'pos-api-port': { type: 'string' },
  'webhook-port': { type: 'string' },
  'webhook-host': { type: 'string' },
  'public-url': { type: 'string' },
  'ui-port': { type: 'string' },
  'no-ui': { type: 'boolean' },
  'service-name': { type: 'string' },
  diagnostics: { type: 'string' },
  'restore-backup': { type: 'string' },
} as const;

/** `npm run headless -- --help`: every flag, one line each. */
export const HEADLESS_USAGE = `Usage: npm run headless -- [flags]

Runs Tableside without Electron: the core, the local POS API and the browser UI on 127.0.0.1.
A data dir without configuration runs the demo (an embedded sandbox).

  --data-dir DIR            where settings, the bill database and logs live (default .data)
  --service-url URL         the payment service (sandbox environment) for this run
  --api-key KEY             the POS's API key (better: --api-key-file or TABLESIDE_API_KEY)
  --api-key-file FILE       read the API key from the first line of FILE
  --pos-id UUID             this till's POS id
  --transport ws|longpoll|webhook
                            how the service reaches the till
  --pos-api-port N          the local POS API's port (0: any free port)
  --webhook-port N          the webhook receiver's port (--transport webhook)
  --webhook-host HOST       the address the webhook receiver listens on
  --public-url URL          the address the service calls webhooks at (needed with webhook)
  --ui-port N               the browser UI's port (default: any free port)
  --no-ui                   no browser UI
  --service-name NAME       the service's name shown to the cashier
  --diagnostics FILE.zip    write the support bundle and exit
  --restore-backup latest|NAME|PATH
                            put a verified backup in place of the bill database and exit
  --help                    this text

Flags override settings.json for this run only. The first stdout line is the JSON ready line.`;

/** The one line under a refused flag. */
export const HEADLESS_HELP_HINT = 'Run `npm run headless -- --help` for the flags.';

/** True when the arguments ask for the usage (anywhere, as `--help` or `-h`). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

export function parseHeadlessArgs(argv: string[]): { ok: true; args: HeadlessArgs } | { ok: false; error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: HEADLESS_FLAGS,
    }));
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const parsed = HeadlessArgs.safeParse({
    dataDir: values['data-dir'] ?? '.data',
    serviceUrl: values['service-url'],
    apiKey: values['api-key'],
    apiKeyFile: values['api-key-file'],
    posId: values['pos-id'],
    transport: values.transport,
    posApiPort: values['pos-api-port'],
    webhookPort: values['webhook-port'],
    webhookHost: values['webhook-host'],
    publicUrl: values['public-url'],
    uiPort: values['ui-port'],
    ui: values['no-ui'] !== true,
    serviceName: values['service-name'],
    diagnostics: values.diagnostics,
    restoreBackup: values['restore-backup'],
  });
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  // The flags override settings for this run: the same rules as the Settings screen and the file,
  // so a flag cannot send the key somewhere the screen would refuse (plain http off this machine).
  const checked = SettingsPatch.safeParse(settingsOverrides(parsed.data));
  if (!checked.success) return { ok: false, error: flagIssues(checked.error) };
  return { ok: true, args: parsed.data };
}

/** The flag that sets each overridden setting, so a refusal names what the integrator typed. */
const FLAG_OF: Partial<Record<keyof StoredSettings, string>> = {
  serviceUrl: '--service-url',
  posId: '--pos-id',
  transport: '--transport',
  posApiPort: '--pos-api-port',
  webhookPort: '--webhook-port',
  webhookHost: '--webhook-host',
  webhookPublicUrl: '--public-url',
  serviceName: '--service-name',
};

function flagIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${FLAG_OF[issue.path[0] as keyof StoredSettings] ?? String(issue.path[0])}: ${issue.message}`)
    .join('; ');
}

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
