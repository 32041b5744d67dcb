/** A one-shot message for the next page (e.g. "account created" on the log-in form). */
export interface Flash {
  message: string;
  email?: string;
}

let pending: Flash | null = null;

export function setFlash(message: string, email?: string): void {
  pending = { message, email };
}

/** Read it in a state initialiser, then clear it in an effect (StrictMode runs initialisers twice). */
export function peekFlash(): Flash | null {
  return pending;
}

export function clearFlash(): void {
  pending = null;
}
