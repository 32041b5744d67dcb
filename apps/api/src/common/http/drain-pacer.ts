import type { Socket } from 'node:net';

/**
 * Bytes per second that all lingering connections together may have read and dropped: a 20 MB upload that was
 * refused drains in about a second, while a client that sends 10 MiB bodies in a loop costs the process about
 * 2 % of a core instead of two thirds of one (measured on loopback, 2 cores).
 */
export const DRAIN_BYTES_PER_SECOND = 16 * 1024 * 1024;
const TICK_MS = 50;
/** Unused budget carried over, at most (in ticks): a connection that arrives after a quiet spell reads at once. */
const MAX_CREDIT_TICKS = 4;

/**
 * Reads what refused clients still send (closeAfterEarlyAnswer) at a bounded pace. The connections are paused;
 * every tick, while budget is left, the next one in turn is resumed for one pass of the event loop (its kernel
 * buffer, a few MiB at most) and what it read is charged. A client that writes faster simply waits on TCP's flow
 * control, which costs the service nothing.
 */
export class DrainPacer {
  private readonly queue = new Set<Socket>();
  private readonly perTick: number;
  private credit: number;
  private timer?: NodeJS.Timeout;
  /** The connection reading now, until its stop(). */
  private reading?: { stop: () => void };

  constructor(bytesPerSecond = DRAIN_BYTES_PER_SECOND) {
    this.perTick = (bytesPerSecond * TICK_MS) / 1000;
    this.credit = this.perTick * MAX_CREDIT_TICKS;
  }

  add(socket: Socket): void {
    // After this tick: Node's HTTP server resumes the request (to drop its body) on the next one.
    setImmediate(() => {
      if (socket.destroyed) return;
      socket.pause();
      this.queue.add(socket);
      socket.once('close', () => this.queue.delete(socket));
      this.timer ??= setInterval(() => this.tick(), TICK_MS).unref();
    });
  }

  private tick(): void {
    this.reading?.stop();
    this.credit = Math.min(this.perTick * MAX_CREDIT_TICKS, this.credit + this.perTick);
    if (this.queue.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.credit <= 0) return;
    // Round robin: the one taken goes to the back.
    const socket = this.queue.values().next().value as Socket;
    this.queue.delete(socket);
    this.queue.add(socket);
    this.readWhileItComes(socket);
  }

  /**
   * Lets `socket` read, a pass of the event loop at a time, while each pass brings bytes and credit is left; the
   * next tick stops it at the latest. One pass a tick read only what the kernel held at that moment (150 KB on
   * loopback, where TCP's window never grew): a refused 20 MB upload drained at 3.5 MB/s, in 6 s, where 16 MB/s are
   * allowed. Polled, not told: Node's HTTP parser reads the socket itself, and a 'data' listener would take the
   * socket from it (the connection then reads nothing more).
   */
  private readWhileItComes(socket: Socket): void {
    const before = socket.bytesRead;
    let seen = before;
    let next: NodeJS.Immediate | undefined;
    const stop = () => {
      if (next) clearImmediate(next);
      this.credit -= socket.bytesRead - before;
      if (!socket.destroyed) socket.pause();
      this.reading = undefined;
    };
    const pass = () => {
      const read = socket.bytesRead;
      if (socket.destroyed || read === seen || read - before >= this.credit) return stop();
      seen = read;
      next = setImmediate(pass);
    };
    socket.resume();
    next = setImmediate(pass);
    this.reading = { stop };
  }
}
