const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a request can be a stored id. Ids are uuids; anything else cannot match a
 * row, and checking first keeps a malformed id from becoming a database error (it is a 404).
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
