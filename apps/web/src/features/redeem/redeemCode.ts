/**
 * The code as typed or pasted, without the spaces and line breaks a copy from a message or a
 * printed card brings along; its letters are left as they are, the server compares them.
 */
export function cleanCode(raw: string): string {
  return raw.replace(/\s+/g, '');
}
