/**
 * Whether two values parsed from JSON are equal (same keys and values, any key order). The guest
 * flow uses it to skip validating a getBill answer that repeats a bill already validated in the
 * getTableContents answer: validation is a pure function, so the same value gives the same result.
 * Anything unusual (very deep nesting) answers false, so the caller simply validates.
 */
export function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 32) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  // for-in over JSON.parse output lists exactly its own keys; counting avoids allocating key arrays.
  for (const k in x) {
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k], depth + 1)) return false;
    keys += 1;
  }
  for (const k in y) if (Object.hasOwn(y, k)) keys -= 1;
  return keys === 0;
}
