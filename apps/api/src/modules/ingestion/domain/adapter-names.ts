/** The adapters a source may name (pure: a source's configuration is checked without loading the adapters). */
export const ADAPTER_NAMES = ['socrata-powerball', 'socrata-megamillions', 'generic'] as const;
export type AdapterName = (typeof ADAPTER_NAMES)[number];
