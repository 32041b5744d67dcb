import { randomUUID } from 'node:crypto';

/** This process's request ids share a random prefix (the first four groups of a UUID) and count up from there. */
const PREFIX = randomUUID().slice(0, 24);
let sequence = 0;

/**
 * A request id shaped like a UUID, unique across processes by its random prefix and within this one by its
 * counter: a string concatenation per request rather than a draw of random bytes. It only names a request in
 * logs and headers; nothing relies on it being unguessable.
 */
export function nextRequestId(): string {
  sequence = (sequence + 1) % 0x1000000000000;
  return PREFIX + sequence.toString(16).padStart(12, '0');
}
