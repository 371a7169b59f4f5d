import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { demoListenHost, lanAddress, LOOPBACK, type InterfaceList } from '../../main/features/demo/lan-address.js';

// In demo mode the QR codes point to an address a phone on the same network can open.
function v4(address: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal, cidr: `${address}/24` };
}
function v6(address: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal, cidr: `${address}/64`, scopeid: 0 };
}
const lo = [v4('127.0.0.1', true), v6('::1', true)];

describe('the demo sandbox listens where a phone on the same network can reach it', () => {
  it("a laptop on Wi-Fi: the Wi-Fi's private address", () => {
    const list: InterfaceList = { lo, wlan0: [v4('192.168.1.23'), v6('fe80::1')] };
    expect(lanAddress(list)).toBe('192.168.1.23');
    expect(demoListenHost(list)).toBe('192.168.1.23');
  });

  it('no network (loopback only, or nothing at all): loopback, and lanAddress says null', () => {
    expect(lanAddress({ lo })).toBeNull();
    expect(demoListenHost({ lo })).toBe(LOOPBACK);
    expect(demoListenHost({})).toBe(LOOPBACK);
  });

  it('IPv6-only and link-local (169.254, no DHCP answer) addresses are not offered', () => {
    const list: InterfaceList = { lo, eth0: [v6('fd00::2'), v6('fe80::2')], eth1: [v4('169.254.10.20')] };
    expect(lanAddress(list)).toBeNull();
    expect(demoListenHost(list)).toBe(LOOPBACK);
  });

  it("a Docker or WSL adapter listed first loses to the Wi-Fi's address", () => {
    const list: InterfaceList = { docker0: [v4('172.17.0.1')], 'vEthernet (WSL)': [v4('172.28.64.1')], lo, 'Wi-Fi': [v4('10.0.0.7')] };
    expect(lanAddress(list)).toBe('10.0.0.7');
  });

  it('a private address beats a public one; a virtual adapter is still better than nothing', () => {
    expect(lanAddress({ eth0: [v4('198.51.100.4')], eth1: [v4('192.168.0.9')] })).toBe('192.168.0.9');
    expect(lanAddress({ eth0: [v4('198.51.100.4')] })).toBe('198.51.100.4');
    expect(lanAddress({ lo, docker0: [v4('172.17.0.1')] })).toBe('172.17.0.1');
  });

  it('two equal adapters: the first listed (the primary one) wins; 172.32 is not private', () => {
    expect(lanAddress({ eth0: [v4('192.168.1.2')], wlan0: [v4('192.168.1.3')] })).toBe('192.168.1.2');
    expect(lanAddress({ eth0: [v4('172.32.0.1')], eth1: [v4('172.31.0.1')] })).toBe('172.31.0.1');
  });
});
