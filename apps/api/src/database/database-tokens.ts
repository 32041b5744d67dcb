export type DatabaseEngine = 'embedded' | 'server';
/** Injection token: which PostgreSQL the app runs on. */
export const DATABASE_ENGINE = Symbol('DATABASE_ENGINE');
/** Injection token: its URL, for what needs a connection of its own (LISTEN). */
export const DATABASE_URL = Symbol('DATABASE_URL');
