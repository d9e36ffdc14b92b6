import { config } from 'zod/v4/core';

/**
 * Zod's fast object parsers are compiled with `new Function`, and it probes for that on the first
 * parse. Our CSP forbids eval (no 'unsafe-eval' in script-src), so the probe fails and the browser
 * reports a `securitypolicyviolation` on every page that validates a form or an answer. Jitless
 * parsing skips both the probe and the compilation. Imported first by each browser entry (from zod's
 * small core module, so the buyer app's first download does not grow).
 */
config({ jitless: true });
