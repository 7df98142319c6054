import 'server-only';
import type { Listener } from '@/lib/server/events/announce';
import { offerFreedSlots, type OfferRunCounts } from './offerPass';

/** The waitlist listens for freed time: each pass offers what now suits a waiting entry. */
export const waitlistListener: Listener<OfferRunCounts> = {
  name: 'waitlist',
  event: 'time-freed',
  run: offerFreedSlots,
};
