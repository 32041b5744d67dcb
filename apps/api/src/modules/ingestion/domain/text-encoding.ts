/**
 * The text encodings a source may publish in. WHATWG's decoders (TextDecoder) read 'iso-8859-1' as windows-1252,
 * as browsers do: the two differ only in 0x80–0x9F, which ISO-8859-1 leaves to control characters. windows-1255
 * (Hebrew) is Mifal HaPais' results CSV (il_lotto), whose header is Hebrew.
 */
export const TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-1', 'windows-1255'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/**
 * An answer's bytes as text: the one place answers are decoded. UTF-8 (the default) loses its byte order mark;
 * bytes that are not text in the encoding become U+FFFD rather than failing the answer (a field that is not read
 * may hold them), and a column name holding one is reported as such (see `undecodedHint`).
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding = 'utf-8'): string {
  return new TextDecoder(encoding).decode(bytes);
}

/** A hint for a message about names that do not match: the text held undecodable bytes (another encoding?). */
export function undecodedHint(texts: string[]): string {
  return texts.some((text) => text.includes('\ufffd'))
    ? "; it holds bytes that are not UTF-8: set the mapping's encoding (e.g. windows-1252)"
    : '';
}
