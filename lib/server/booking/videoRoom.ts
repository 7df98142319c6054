import 'server-only';
import { randomBytes } from 'node:crypto';
import { getConfig } from '@/lib/server/config';

/**
 * Virtual visits' video rooms (issue #15 item 3). Each virtual appointment gets its own room
 * name: 128 random bits, so nobody finds a room by guessing, and a rescheduled visit gets a new
 * one. The link is VIDEO_ROOM_URL_TEMPLATE with `{room}` replaced (default: the public Jitsi Meet
 * server; docs/booking.md, "Video visits").
 */

/** How long before the start the Join button appears. */
export const JOIN_OPENS_MINUTES = 15;

/** A new room name: letters and digits only, so any video service takes it in a URL path. */
export function newVideoRoom(): string {
  return `clinic-${randomBytes(16).toString('hex')}`;
}

/** The join link of a room (null: an in-person visit). */
export function joinUrlOf(room: string | null): string | null {
  if (!room) return null;
  return getConfig().videoRoomUrlTemplate.replace('{room}', encodeURIComponent(room));
}
