/** Whether an address's %-escapes are valid UTF-8 (`/%E0%A4%A` is not: no page or id can match it). */
export function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
