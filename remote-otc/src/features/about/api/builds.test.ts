// The shared packages a build names, one version each, in a locale-independent order.
import { sharedOf } from './builds';

describe('sharedOf', () => {
  it('keeps one version per package, sorted by name in code-unit order without localeCompare', () => {
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      const shared = sharedOf({
        shared: [
          { name: 'react-dom/client', version: '19.3.1' },
          { name: 'react', version: '19.3.1' },
          { name: '@mui/material/Box', version: '9.5.0' },
          { name: '@mui/material/Button', version: '9.5.0' },
          { name: 'JSONStream', version: '1.3.5' },
          { name: '@app/shared', version: '0.2.0' },
          { name: 'immer', version: '10.1.1' },
          { name: 'ky' },
        ],
      });
      // Code units: '@' < 'J' < 'i' < 'r' (a collation would put 'immer' before 'JSONStream').
      expect(shared).toEqual([
        { name: '@app/shared', version: '0.2.0' },
        { name: '@mui/material', version: '9.5.0' },
        { name: 'JSONStream', version: '1.3.5' },
        { name: 'immer', version: '10.1.1' },
        { name: 'react', version: '19.3.1' },
        { name: 'react-dom', version: '19.3.1' },
      ]);
      expect(localeCompare).not.toHaveBeenCalled();
    } finally {
      localeCompare.mockRestore();
    }
  });
});
