const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid no row has (the lookups' warm-up at start-up). */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Whether `value` can be a uuid key: anything else is simply "not found", never a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
