import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages load lazily, and the first import of a page compiles its modules through @swc/jest on demand: on a busy
// 2-core CI machine that alone can take longer than Testing Library's default of 1 s for `findBy*`/`waitFor`.
// A later failure still fails; only the wait for a page's code to arrive is longer.
configure({ asyncUtilTimeout: 5000 });
