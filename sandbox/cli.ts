/**
 * `npm run sandbox -- --port 0 --api-key <key> --restaurant "Bistro" --service-name qerko --poll-hold-ms N --host H`
 * First stdout line: one JSON object {"ready":true,"url",...}; logs go to stderr. SIGINT/SIGTERM close it.
 * `--help` prints every flag; an unknown flag is refused with exit code 2.
 */
import { parseArgs } from 'node:util';
import { ApiKey, parseWith } from '../main/base/wire/index.js';
import { startSandbox } from './index.js';

const USAGE = `Usage: npm run sandbox -- [flags]

Runs the stand-in payment service on this machine, for development and tests.

  --port N               the port to listen on (default 0: any free port)
  --host HOST            the address to listen on (default 127.0.0.1)
  --api-key KEY          the restaurant's API key, xxxx-xxxx-xxxx-xxxx-xxxx (default: made up)
  --restaurant NAME      the restaurant's name (default "Bistro Sandbox")
  --service-name NAME    the service's name, letters and digits (default qerko)
  --poll-hold-ms N       how long a long poll waits for work
  --call-timeout-ms N    how long the service waits for the till's answer
  --webhook-ping-ms N    how often the service pings a webhook till
  --help                 this text

The first stdout line is the JSON ready line; logs go to stderr. Ctrl+C stops it.`;

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\nRun \`npm run sandbox -- --help\` for the flags.\n`);
  process.exit(2);
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function intFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) fail(`--${name}: must be a whole number, got "${value}"`);
  return Number(value);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'api-key': { type: 'string' },
        restaurant: { type: 'string' },
        'service-name': { type: 'string' },
        'poll-hold-ms': { type: 'string' },
        'call-timeout-ms': { type: 'string' },
        'webhook-ping-ms': { type: 'string' },
      },
      strict: true,
    });
  } catch (e) {
    return fail((e as Error).message);
  }
})();

const apiKey = values['api-key'];
if (apiKey !== undefined && !parseWith(ApiKey, apiKey).ok) fail('--api-key: must look like xxxx-xxxx-xxxx-xxxx-xxxx (lowercase letters and digits)');
const serviceName = values['service-name'];
if (serviceName !== undefined && !/^[a-z0-9]+$/i.test(serviceName)) fail('--service-name: letters and digits only');

const sandbox = await startSandbox({
  port: intFlag('port', values.port) ?? 0,
  host: values.host ?? '127.0.0.1',
  ...(apiKey === undefined ? {} : { apiKey }),
  restaurantName: values.restaurant ?? 'Bistro Sandbox',
  serviceName: serviceName ?? 'qerko',
  ...(values['poll-hold-ms'] === undefined ? {} : { pollHoldMs: intFlag('poll-hold-ms', values['poll-hold-ms']) }),
  ...(values['call-timeout-ms'] === undefined ? {} : { callTimeoutMs: intFlag('call-timeout-ms', values['call-timeout-ms']) }),
  ...(values['webhook-ping-ms'] === undefined ? {} : { webhookPingMs: intFlag('webhook-ping-ms', values['webhook-ping-ms']) }),
  log: (line) => process.stderr.write(`${new Date().toISOString()} sandbox ${line}\n`),
}).catch((e: unknown) => fail(`could not start (is the port free?): ${(e as Error).message}`));

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`sandbox: ${signal}, closing\n`);
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// Signal handlers are in place before the ready line, so a caller may stop us as soon as it reads it.
// The key (and, off loopback, the control token) is printed on purpose: the caller needs what the sandbox made up.
process.stdout.write(`${JSON.stringify({ ready: true, url: sandbox.url, restaurant: sandbox.restaurant, controlToken: sandbox.controlToken })}\n`);
