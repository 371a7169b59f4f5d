import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { fromThisComputer } from '../../sandbox/http/server.js';

/**
 * The demo sandbox listens on the LAN so a phone opens the guest pages; its control routes
 * (/sandbox/*: guest payments, faults, the clock) answer only this computer.
 */
const lan = (address: string, family: 'IPv4' | 'IPv6' = 'IPv4'): NetworkInterfaceInfo =>
  ({ address, family, internal: false, netmask: '255.255.255.0', mac: '00:00:00:00:00:01', cidr: `${address}/24` }) as NetworkInterfaceInfo;
const interfaces = { lo: [{ ...lan('127.0.0.1'), internal: true }], eth0: [lan('192.168.1.20'), lan('fe80::1', 'IPv6')] };

describe('the sandbox control routes on a LAN-bound demo sandbox', () => {
  it('answer loopback and this computer own addresses (also IPv4-mapped)', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1', '192.168.1.20', '::ffff:192.168.1.20', 'fe80::1']) {
      expect(fromThisComputer(address, interfaces), address).toBe(true);
    }
  });

  it('refuse another host on the network, and a socket without an address', () => {
    for (const address of ['192.168.1.21', '::ffff:192.168.1.21', '10.0.0.5', 'fe80::2', undefined]) {
      expect(fromThisComputer(address, interfaces), String(address)).toBe(false);
    }
  });
});
