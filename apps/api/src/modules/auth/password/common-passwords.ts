/** zxcvbn's own wording (its English translations), so that a refusal reads the same whichever check made it. */
const COMMON = 'This is a commonly used password.';
const SIMILAR = 'This is similar to a commonly used password.';
const REPEATED = 'Repeated characters like "aaa" are easy to guess.';
const SEQUENCE = 'Common character sequences like "abc" are easy to guess.';

/** The obvious substitutions (`p@ssw0rd`), undone before the list is asked. */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

let common: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's list of 49,000 common passwords (the one its worker scores against), loaded on first use: ≈ 30 ms
 * and 4 MB, which a process that never falls back never spends.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set<string>(dictionary['passwords-common'] as string[]),
  );
  return common;
}

/** The password with leading and trailing digits and symbols removed (`password1234` → `password`). */
const stripped = (lower: string) => lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
const unleet = (lower: string) => lower.replace(/[@4310!$57]/g, (c) => LEET[c]);

/** True when every character is one step (the same one, up or down) from the one before: `abcdefghij`, `9876543210`. */
function isSequence(lower: string): boolean {
  const step = lower.charCodeAt(1) - lower.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < lower.length; i++)
    if (lower.charCodeAt(i) - lower.charCodeAt(i - 1) !== step) return false;
  return true;
}

/**
 * The check used when zxcvbn cannot answer (its worker is busy or down): microseconds instead of milliseconds.
 * Refuses the common passwords and their obvious variants (digits or symbols around one, letters swapped for
 * look-alikes), few distinct characters and straight sequences; the length rule has passed already. Coarser than
 * zxcvbn (`dragondragon2` passes), but `password1234` never does. Answers why it refuses, or null.
 */
export async function cheapWarning(password: string): Promise<string | null> {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return REPEATED;
  if (isSequence(lower)) return SEQUENCE;
  const list = await commonPasswords();
  if (list.has(lower)) return COMMON;
  const variants = [stripped(lower), unleet(lower), unleet(stripped(lower))];
  return variants.some((variant) => variant.length >= 4 && list.has(variant)) ? SIMILAR : null;
}
