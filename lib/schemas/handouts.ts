/**
 * Handouts of the group programs (issue #28 item 4): what the clinic's page and the API share.
 * A handout is a PDF attached to a topic (every session of it) or to one session.
 */

/** The largest handout accepted, in bytes (10 MB). */
export const HANDOUT_MAX_BYTES = 10 * 1024 * 1024;

/** The form field that carries the file in a multipart upload. */
export const HANDOUT_FILE_FIELD = 'file';

export interface HandoutView {
  id: number;
  /** The name it was uploaded (and is downloaded) under. */
  file_name: string;
  byte_size: number;
  /** 'topic': shared by every session of the topic; 'session': this session's own. */
  scope: 'topic' | 'session';
  created_at: string;
}

export interface SessionHandouts {
  /** The session's own and its topic's, topic's first. */
  handouts: HandoutView[];
  /** Present attendees not yet sent them. */
  unsent_attendees: number;
  /** Seats already sent them. */
  sent_attendees: number;
}
