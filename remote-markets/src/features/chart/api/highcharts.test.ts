import { loadHighcharts } from './highcharts';

// Highcharts itself does not run in jsdom: the chunk's module stands in.
jest.mock('highcharts/highstock', () => ({ chart: () => undefined }));

describe('loadHighcharts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts Intl (the formatter Highcharts creates first) in a task of its own, before the chunk', async () => {
    const created = jest.spyOn(Intl, 'DateTimeFormat');
    const loading = loadHighcharts();
    // Not in the task that asked for Highcharts.
    expect(created).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(created).toHaveBeenCalledTimes(1);
    expect(created).toHaveBeenCalledWith(undefined, { timeZone: 'UTC', month: 'long' });
    created.mockRestore();
    // The library itself still loads (once).
    jest.useRealTimers();
    const lib = await loading;
    expect(typeof lib.chart).toBe('function');
    expect(loadHighcharts()).toBe(loading);
  });
});
