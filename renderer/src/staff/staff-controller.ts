// Everything the phone page does outside React: pairing, the live session, the commands, the
// alerts, what is kept in localStorage. Views read the store and call these methods.
import type { StaffCallKind, StaffCommandName, StaffCommands, StaffNoticeKind, StaffTable } from '../../../preload/staff-frames';
import type { Language } from '../../../preload/contract';
import type { Alerter } from './alerts';
import { forgetDevice, loadDevice, loadPrefs, saveDevice, savePrefs, type StaffPrefs } from './device-storage';
import { deviceLabel, pairDevice, takePairCode } from './pairing';
import { StaffCommandError, StaffSession, type CommandErrorCode, type SessionOptions } from './session';
import { applyStaffEvent, applyWelcome, createStaffStore, pageLanguage, type StaffStore, type StaffTab } from './staff-store';

export interface StaffEnvironment {
  storage: Storage;
  location: Location;
  history: History;
  navigator: Navigator;
  fetch: typeof fetch;
  alerter: Alerter;
  /** The /staff/live address. */
  liveUrl: string;
  createSocket?: SessionOptions['createSocket'];
  backoff?: SessionOptions['backoff'];
}

export type CommandOutcome<T> = { ok: true; value: T } | { ok: false; code: CommandErrorCode };

export class StaffController {
  readonly store: StaffStore;
  private session: StaffSession | null = null;

  constructor(private readonly env: StaffEnvironment) {
    this.store = createStaffStore(loadPrefs(env.storage), loadDevice(env.storage));
  }

  get browserLanguage(): string | undefined {
    return this.env.navigator.language;
  }

  language(): Language {
    return pageLanguage(this.store.getState().prefs, this.browserLanguage);
  }

  /** A pairing code in the address pairs first; a stored device connects; else the pairing page. */
  async boot(): Promise<void> {
    const code = takePairCode(this.env.location, this.env.history);
    if (code) await this.pair(code);
    else if (this.store.getState().device) this.connect();
  }

  async pair(code: string): Promise<void> {
    this.stopSession();
    this.store.setState({ screen: 'pairing', pairingBusy: true, pairingMessage: null });
    const outcome = await pairDevice(this.env.fetch, code, deviceLabel(this.env.navigator));
    if (!outcome.ok) {
      this.store.setState({ pairingBusy: false, pairingMessage: outcome.error });
      if (this.store.getState().device) this.connect();
      return;
    }
    const device = saveDevice(this.env.storage, outcome.answer);
    this.store.setState({ pairingBusy: false, device, screen: 'live', status: 'connecting' });
    this.connect();
  }

  stop(): void {
    this.stopSession();
  }

  /** The phone is back from sleep, another network or the back-forward cache. */
  wake(fresh: boolean): void {
    this.session?.wake(fresh);
  }

  setTab(tab: StaffTab): void {
    this.store.setState({ tab });
  }

  setLanguage(language: Language): void {
    this.setPrefs({ ...this.store.getState().prefs, language });
  }

  setMuted(kind: StaffNoticeKind, muted: boolean): void {
    const prefs = this.store.getState().prefs;
    const rest = prefs.muted.filter((k) => k !== kind);
    this.setPrefs({ ...prefs, muted: muted ? [...rest, kind] : rest });
  }

  tryAlert(kind: StaffNoticeKind): void {
    this.env.alerter.warmUp();
    this.env.alerter.alert(kind);
  }

  async toggleTable(table: StaffTable): Promise<CommandOutcome<unknown>> {
    const { following, tables } = this.store.getState();
    if (following.tableIds.includes(table.id))
      return this.follow(
        following.tableIds.filter((id) => id !== table.id),
        following.areas,
      );
    if (table.area !== null && following.areas.includes(table.area)) {
      // Unfollowing one table of a followed area: leave the area, keep its other tables one by one.
      const others = tables.filter((t) => t.area === table.area && t.id !== table.id).map((t) => t.id);
      return this.follow(
        [...new Set([...following.tableIds, ...others])],
        following.areas.filter((a) => a !== table.area),
      );
    }
    return this.follow([...following.tableIds, table.id], following.areas);
  }

  async toggleArea(area: string): Promise<CommandOutcome<unknown>> {
    const { following, tables } = this.store.getState();
    if (following.areas.includes(area)) {
      return this.follow(
        following.tableIds.filter((id) => tables.find((t) => t.id === id)?.area !== area),
        following.areas.filter((a) => a !== area),
      );
    }
    return this.follow(following.tableIds, [...following.areas, area]);
  }

  async openTable(tableId: string): Promise<void> {
    this.store.setState({ open: { tableId, bill: null, error: null } });
    await this.refreshBill(tableId);
  }

  closeTable(): void {
    this.store.setState({ open: null });
  }

  ack(noticeId: string): Promise<CommandOutcome<null>> {
    return this.command('ack', { noticeId }).then((outcome) => {
      if (outcome.ok) this.store.setState((s) => ({ notices: s.notices.filter((n) => n.id !== noticeId) }));
      return outcome;
    });
  }

  call(tableId: string, kind: StaffCallKind): Promise<CommandOutcome<null>> {
    return this.command('call', { tableId, kind });
  }

  async managerUnlock(pin: string): Promise<CommandOutcome<{ until: string }>> {
    const outcome = await this.command('managerUnlock', { pin });
    if (outcome.ok) this.store.setState({ managerUntil: outcome.value.until });
    return outcome;
  }

  async capture(tableId: string, paymentId: string): Promise<CommandOutcome<null>> {
    const outcome = await this.command('capture', { paymentId });
    if (outcome.ok) await this.refreshBill(tableId);
    return outcome;
  }

  async closeBill(tableId: string): Promise<CommandOutcome<null>> {
    const outcome = await this.command('closeBill', { tableId });
    if (outcome.ok) await this.refreshBill(tableId);
    return outcome;
  }

  async command<K extends StaffCommandName>(cmd: K, input: StaffCommands[K]['input']): Promise<CommandOutcome<StaffCommands[K]['output']>> {
    if (!this.session) return { ok: false, code: 'OFFLINE' };
    try {
      return { ok: true, value: await this.session.request(cmd, input) };
    } catch (error) {
      const code = error instanceof StaffCommandError ? error.code : 'INTERNAL';
      // The till says the manager's unlock is over: the page locks too.
      if (code === 'PIN_REQUIRED') this.store.setState({ managerUntil: null });
      return { ok: false, code };
    }
  }

  private async follow(tableIds: string[], areas: string[]): Promise<CommandOutcome<unknown>> {
    const outcome = await this.command('follow', { tableIds, areas });
    if (outcome.ok) this.store.setState({ following: outcome.value });
    return outcome;
  }

  private async refreshBill(tableId: string): Promise<void> {
    const outcome = await this.command('openTable', { tableId });
    this.store.setState((s) => {
      if (s.open?.tableId !== tableId) return {};
      return { open: outcome.ok ? { tableId, bill: outcome.value, error: null } : { tableId, bill: s.open.bill, error: outcome.code } };
    });
  }

  private setPrefs(prefs: StaffPrefs): void {
    savePrefs(this.env.storage, prefs);
    this.store.setState({ prefs });
  }

  private connect(): void {
    const device = this.store.getState().device;
    if (!device) return;
    this.stopSession();
    this.session = new StaffSession(
      { url: this.env.liveUrl, device, language: () => this.language(), createSocket: this.env.createSocket, backoff: this.env.backoff },
      {
        status: (status) => this.store.setState({ status }),
        welcome: (deviceView, snapshot) => {
          this.store.setState((s) => applyWelcome(s, deviceView, snapshot));
          savePrefs(this.env.storage, this.store.getState().prefs);
          const open = this.store.getState().open;
          if (open) void this.refreshBill(open.tableId);
        },
        event: (event) => {
          const state = this.store.getState();
          const isNew = event.type === 'notice' && !state.notices.some((n) => n.id === event.notice.id);
          const change = applyStaffEvent(state, event);
          if (change) this.store.setState(change);
          if (isNew && !state.prefs.muted.includes(event.notice.kind)) this.env.alerter.alert(event.notice.kind);
          if (event.type === 'table' && state.open?.tableId === event.table.id) void this.refreshBill(event.table.id);
        },
        ended: (reason) => {
          forgetDevice(this.env.storage);
          this.session = null;
          this.store.setState({
            screen: 'pairing',
            device: null,
            deviceView: null,
            pairingMessage: reason,
            tables: [],
            notices: [],
            open: null,
            managerUntil: null,
          });
        },
      },
    );
    this.session.start();
  }

  private stopSession(): void {
    this.session?.stop();
    this.session = null;
  }
}
