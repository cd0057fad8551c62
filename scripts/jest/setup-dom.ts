import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: CI shares two cores with the server suite and
// PostgreSQL, where a first render with its fetches can take longer. A wrong page still fails.
configure({ asyncUtilTimeout: 5000 });
