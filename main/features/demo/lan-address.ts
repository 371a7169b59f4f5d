import type { NetworkInterfaceInfo } from 'node:os';

/**
 * Where the demo sandbox listens, so the QR codes it hands out open on a phone on the same
 * network (staff train with a real phone). A pure choice over the machine's interface
 * list (`os.networkInterfaces()`), tested with fake lists.
 *
 * Only demo mode uses it: every other server (POS API, browser mode, webhook) stays on loopback.
 */

export type InterfaceList = NodeJS.Dict<NetworkInterfaceInfo[]>;

export const LOOPBACK = '127.0.0.1';

/** Adapters of virtual machines, containers and VPNs: a phone on the Wi-Fi cannot reach them. */
const VIRTUAL_NAME = /^(docker|br-|veth|virbr|vmnet|vboxnet|tun|tap|utun|wg|zt|tailscale)|vEthernet|VirtualBox|VMware|Hyper-V|WSL/i;

function isPrivateV4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** Lower is better: a home/office network's private address first, then other routable ones, virtual adapters last. */
function rank(name: string, info: NetworkInterfaceInfo): number | null {
  // IPv4 only: every phone's browser reaches it and the address is short enough to read aloud.
  if (info.family !== 'IPv4' || info.internal) return null;
  if (info.address.startsWith('169.254.') || info.address.startsWith('127.')) return null;
  const virtual = VIRTUAL_NAME.test(name) ? 2 : 0;
  return virtual + (isPrivateV4(info.address) ? 0 : 1);
}

/** The machine's LAN address (IPv4, not loopback, not link-local), or null when it has none. */
export function lanAddress(interfaces: InterfaceList): string | null {
  let best: { address: string; rank: number } | null = null;
  for (const [name, infos] of Object.entries(interfaces)) {
    for (const info of infos ?? []) {
      const r = rank(name, info);
      // Ties keep the first listed: the OS lists the primary adapter first.
      if (r !== null && (best === null || r < best.rank)) best = { address: info.address, rank: r };
    }
  }
  return best?.address ?? null;
}

/** The demo sandbox's bind address: the LAN address when there is one, else loopback. */
export function demoListenHost(interfaces: InterfaceList): string {
  return lanAddress(interfaces) ?? LOOPBACK;
}
