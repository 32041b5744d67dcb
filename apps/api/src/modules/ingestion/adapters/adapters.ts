import { type GenericContext, genericAdapter } from './generic';
import { type SourceMapping } from '../domain/generic-mapping';
import { socrataMegaMillions, socrataPowerball } from './socrata';
import type { SourceAdapter } from './source-adapter';

/**
 * The adapter a source names; the generic one reads through the source's mapping, with what it knows of the
 * lottery (`context`: its time zone, for dates as epoch milliseconds).
 */
export function adapterFor(
  name: string,
  mapping: SourceMapping | null,
  context: GenericContext = {},
): SourceAdapter {
  if (name === 'socrata-powerball') return socrataPowerball;
  if (name === 'socrata-megamillions') return socrataMegaMillions;
  if (name === 'generic' && mapping !== null) return genericAdapter(mapping, context);
  // Stored sources are checked on every write (parseSourceConfig), so this means a hand-edited row.
  throw new Error(`unknown adapter '${name}'${name === 'generic' ? ' (its mapping is missing)' : ''}`);
}
