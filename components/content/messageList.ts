/**
 * A list kept in the messages as an object with numbered keys ("1", "2", ...): the message
 * files hold strings and objects only. Integer-like keys keep their numeric order.
 */
export function messageList(value: unknown): string[] {
  return Object.values(value as Record<string, string>);
}
