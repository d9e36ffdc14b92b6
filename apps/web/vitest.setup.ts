import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Components render their English source messages; tests never load the .po catalogs.
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
