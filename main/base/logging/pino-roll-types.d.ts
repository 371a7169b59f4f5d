// pino-roll ships no types: the part of its API the file logger uses (pino-roll 4).
declare module 'pino-roll' {
  export interface RollOptions {
    file: string;
    size?: string;
    frequency?: 'daily' | 'hourly' | number;
    dateFormat?: string;
    extension?: string;
    mkdir?: boolean;
    minLength?: number;
    maxWrite?: number;
    sync?: boolean;
    limit?: { count: number; removeOtherLogFiles?: boolean };
  }

  /** The stream pino-roll returns: a SonicBoom that reopens itself on the next file. */
  export interface RollingFile {
    write(line: string): boolean;
    flush(callback?: (err?: Error) => void): void;
    flushSync(): void;
    end(): void;
    readonly file: string;
    readonly fd: number;
    on(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown;
    on(event: 'cleanup-complete' | 'close' | 'drain' | 'ready', listener: () => void): unknown;
    /** Opens the current file again (SonicBoom's reopen): after a write failed. */
    reopen(file?: string): void;
    once(event: 'cleanup-complete' | 'close' | 'drain' | 'ready', listener: () => void): unknown;
  }

  /** CommonJS: its module.exports is this async factory. */
  export default function build(options: RollOptions): Promise<RollingFile>;
}
