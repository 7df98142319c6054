import 'server-only';
import { HANDOUT_FILE_FIELD, HANDOUT_MAX_BYTES } from '@/lib/schemas/handouts';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { readBodyWithin } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import type { HandoutOwner } from './handouts';

/** Room for the multipart framing around the file (boundaries, headers, the file's name). */
const FRAMING_BYTES = 64 * 1024;

/** The topic or session of a route's `[id]`; 404 for anything that is not an id. */
export function handoutOwnerOf(kind: HandoutOwner['kind'], id: string): HandoutOwner {
  const notFound = () =>
    kind === 'topic' ? new AppError('group_topic_not_found', 404, 'groupTopicNotFound') : new AppError('group_session_not_found', 404, 'groupSessionNotFound');
  return { kind, id: pathId(id, notFound) };
}

/**
 * The file of a handout upload (multipart/form-data, field `file`). A body declared larger than
 * 10 MB and its framing is refused (413) before it is read; the file's own size and its first
 * bytes are checked by addHandout.
 */
export async function readHandoutUpload(request: Request): Promise<File> {
  // A body sent without Content-Length (chunked) is counted as it arrives: past the limit it is
  // too large, never a form that failed to parse. Next's proxy cuts a body off at 11 MB without a
  // word (next.config.ts), so a bigger upload came here as a broken form and was answered
  // "choose a PDF" (issue #38).
  const body = await readBodyWithin(request, HANDOUT_MAX_BYTES + FRAMING_BYTES, () => new AppError('payload_too_large', 413, 'handoutTooLarge'));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw fieldInvalid(HANDOUT_FILE_FIELD, 'handoutFileMissing');
  }
  const file = form.get(HANDOUT_FILE_FIELD);
  if (!(file instanceof File) || file.size === 0) throw fieldInvalid(HANDOUT_FILE_FIELD, 'handoutFileMissing');
  return file;
}

