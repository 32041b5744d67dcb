import { afterEach, describe, expect, it } from 'vitest';
import { secretMemory } from './secret-memory';

describe('secretMemory.newest', () => {
  afterEach(() => secretMemory.clear());

  it('is the token of those given whose secret was learnt last', () => {
    secretMemory.remember('a', 'lr_a');
    secretMemory.remember('b', 'lr_b');
    expect(secretMemory.newest(['a', 'b', 'c'])).toBe('b');
    // A token deleted since (no longer listed) is passed over.
    expect(secretMemory.newest(['a', 'c'])).toBe('a');
    expect(secretMemory.newest(['c'])).toBeUndefined();
  });

  it('counts a reset as learning the secret again', () => {
    secretMemory.remember('a', 'lr_a');
    secretMemory.remember('b', 'lr_b');
    secretMemory.remember('a', 'lr_a2');
    expect(secretMemory.newest(['a', 'b'])).toBe('a');
    expect(secretMemory.recall('a')).toBe('lr_a2');
  });
});
