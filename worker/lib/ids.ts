// Row ids of the data model: 12 lowercase hex digits (48 random bits), the shape every
// table's id column holds, including the ids the demo world generates.

/** A fresh random id: 12 lowercase hex digits. */
export function newId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(6)));
}

/** Bytes as lowercase hex, two digits each. */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}
