/** The two HTTP surfaces the tests drive besides the page: the host's local POS API and the sandbox's control API. */

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

async function call<T>(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

function must<T>(what: string, a: Answer<T>): T {
  if (a.status >= 300) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
}

export interface SeedItem {
  id: string;
  name: string;
  price: string;
  quantity: string;
}

/** The local POS API as the till uses it (bearer token from the ready line). */
export class PosClient {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return call<T>(`${this.base}${path}`, method, body, { authorization: `Bearer ${this.token}` });
  }

  async putTable(id: string, name: string, area: string | null = null): Promise<void> {
    must(`PUT table ${id}`, await this.call('PUT', `/tables/${encodeURIComponent(id)}`, { name, area }));
  }

  async putBill(id: string, tableId: string, items: SeedItem[], name: string | null = null): Promise<void> {
    must(`PUT bill ${id}`, await this.call('PUT', `/bills/${encodeURIComponent(id)}`, { tableId, name, currency: 'CZK', items }));
  }

  async bill(id: string): Promise<{ state: string; totals: { total: string; paid: string; due: string; tips: string } }> {
    return must(`GET bill ${id}`, await this.call('GET', `/bills/${encodeURIComponent(id)}`));
  }
}

export interface GuestPay {
  idTable: string;
  idBill?: string;
  items?: { id: string; quantity: string }[];
  tip?: string;
  outcome?: 'paid' | 'declined';
  captureMode?: 'auto' | 'manual';
}

export interface GuestPayAnswer {
  outcome: string;
  payment: { id: string };
}

/** The sandbox's control API over HTTP (the demo host's embedded sandbox has no in-process handle). */
export class SandboxControl {
  constructor(readonly base: string) {}

  async guestPay(input: GuestPay): Promise<GuestPayAnswer> {
    return must(`guest pay ${input.idTable}`, await call<GuestPayAnswer>(`${this.base}/sandbox/guest/pay`, 'POST', input));
  }

  async fault(kind: string): Promise<void> {
    must(`fault ${kind}`, await call(`${this.base}/sandbox/faults`, 'POST', { kind }));
  }
}
