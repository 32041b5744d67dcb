import { EventEmitter } from 'node:events';
import { boundedDestination, type WorkerStream } from './bounded-destination';

/** A worker stream whose buffer holds `capacity` lines until `drain()` empties it, as thread-stream behaves. */
class FillingWorker extends EventEmitter implements WorkerStream {
  readonly lines: string[] = [];
  private pending = 0;
  constructor(private readonly capacity: number) {
    super();
  }
  write(line: string): boolean {
    this.lines.push(line);
    this.pending++;
    return this.pending < this.capacity;
  }
  flush(callback: (error?: Error) => void): void {
    callback();
  }
  drain(): void {
    this.pending = 0;
    this.emit('drain');
  }
}

const line = (level: number, msg: string) => `{"level":${level},"time":1,"pid":1,"msg":"${msg}"}\n`;

describe('boundedDestination', () => {
  it('passes every line while the worker keeps up', () => {
    const worker = new FillingWorker(100);
    const destination = boundedDestination(worker, () => undefined);
    for (let i = 0; i < 50; i++) destination.write(line(30, `request ${i}`));
    expect(worker.lines).toHaveLength(50);
  });

  it('drops info lines once the worker is full, keeps warnings and errors, and reports the count after the drain', () => {
    const worker = new FillingWorker(3);
    const reported: number[] = [];
    const destination = boundedDestination(worker, (count) => reported.push(count));
    for (let i = 0; i < 3; i++) destination.write(line(30, `kept ${i}`));
    destination.write(line(30, 'dropped 1'));
    destination.write(line(20, 'dropped 2'));
    destination.write(line(40, 'a warning'));
    destination.write(line(50, 'an error'));
    destination.write(line(10, 'dropped 3'));
    expect(worker.lines.map((l) => JSON.parse(l).msg)).toEqual([
      'kept 0',
      'kept 1',
      'kept 2',
      'a warning',
      'an error',
    ]);
    expect(reported).toEqual([]);

    worker.drain();
    expect(reported).toEqual([3]);
    destination.write(line(30, 'after the drain'));
    expect(worker.lines.at(-1)).toContain('after the drain');
    worker.drain();
    expect(reported).toEqual([3]); // nothing more was dropped
  });

  it('forwards flush to the worker', () => {
    const worker = new FillingWorker(3);
    const flush = jest.spyOn(worker, 'flush');
    const done = jest.fn();
    boundedDestination(worker, () => undefined).flush(done);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
