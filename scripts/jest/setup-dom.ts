import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A shared 2-CPU machine runs builds beside the tests: a first render that loads the HTTP client
// and the contract can take more than the 1 s default of findBy/waitFor there.
configure({ asyncUtilTimeout: 5_000 });
