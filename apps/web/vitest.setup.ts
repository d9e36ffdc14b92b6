import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Components render their English source messages; tests never load the .po catalogs.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// `findBy…` and `waitFor` wait for a state; a lazily loaded dialog or page is a module to transform first,
// which on a busy CI machine (the API tests beside them on two cores) takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

// Most files share one module registry and window (the `web` project, vitest.config.ts): each test leaves
// them as it found them.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  document.title = '';
  if (i18n.locale !== 'en') i18n.activate('en');
});
