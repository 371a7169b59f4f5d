import type { Duplex } from 'node:stream';

/**
 * Holds a socket's writes until the end of the current tick, so the WebSocket frames sent in one
 * tick leave in one write system call instead of one each. During a rush the answers of one group
 * commit are released together, and so are the calls read from one network chunk.
 *
 * `ws` has no cork of its own, so this corks the net.Socket under the WebSocket (the upgrade's
 * socket, the very object `ws` writes to). Safe because Writable corks nest and `ws` pairs each
 * of its own cork() with an uncork(): nothing is reordered, only held to the end of the tick;
 * `end()` flushes a corked socket and `destroy()` drops what it holds either way.
 * Returns the function to call before each send.
 */
export function tickCork(socket: Duplex): () => void {
  let corked = false;
  const release = (): void => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked || socket.destroyed) return;
    corked = true;
    socket.cork();
    process.nextTick(release);
  };
}
