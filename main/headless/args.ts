import { parseArgs } from 'node:util';
import { z } from 'zod';
import { describeIssues } from '../base/wire/index.js';

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
    posId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID').optional(),
    transport: z.enum(['ws', 'longpoll', 'webhook']).optional(),
    posApiPort: z.coerce.number().int().min(0).max(65535).optional(),
    webhookPort: z.coerce.number().int().min(0).max(65535).optional(),
    webhookHost: z.string().optional(),
    publicUrl: z.string().url('must be the public URL the service can reach').optional(),
    uiPort: z.coerce.number().int().min(0).max(65535).optional(),
    ui: z.boolean(),
    serviceName: z.string().optional(),
    diagnostics: z.string().min(1, 'needs the zip file to write').optional(),
  })
  .refine((a) => !(a.apiKey && a.apiKeyFile), { message: 'give the API key once: --api-key or --api-key-file', path: ['apiKey'] })
  .refine((a) => a.transport !== 'webhook' || !a.serviceUrl || a.publicUrl, { message: '--transport webhook needs --public-url', path: ['publicUrl'] });
export type HeadlessArgs = z.infer<typeof HeadlessArgs>;

export function parseHeadlessArgs(argv: string[]): { ok: true; args: HeadlessArgs } | { ok: false; error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
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
      },
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
  });
  return parsed.success ? { ok: true, args: parsed.data } : { ok: false, error: describeIssues(parsed.error) };
}
