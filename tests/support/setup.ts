import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount what a component test rendered, so tests never see each other's DOM.
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});
