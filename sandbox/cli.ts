/**
 * `npm run sandbox -- --port 0 --api-key <key> --restaurant "Bistro" --service-name qerko --poll-hold-ms N --host H`
 * First stdout line: one JSON object {"ready":true,"url",...}; logs go to stderr. SIGINT/SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { ApiKey, parseWith } from '../main/base/wire/index.js';
import { startSandbox } from './index.js';

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(2);
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
