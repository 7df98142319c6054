import { subscribeListeners } from '@/lib/server/jobs/listeners';

// As the server does at start (instrumentation.ts): what a change announces after its commit
// (a freed time) starts its listeners' background pass (the waitlist's offers).
subscribeListeners();
