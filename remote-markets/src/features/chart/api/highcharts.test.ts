import { loadHighcharts, loadHighchartsCore } from './highcharts';

// Highcharts itself does not run in jsdom: the chunks' modules stand in. The stock module, as
// Highcharts 12's does, applies itself to the core instance its evaluation finds.
const mockCore: { chart: () => undefined; stockChart?: () => undefined } = { chart: () => undefined };
jest.mock('highcharts', () => mockCore);
jest.mock('highcharts/modules/stock', () => {
  mockCore.stockChart = () => undefined;
  return {};
});

describe('loadHighchartsCore and loadHighcharts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts Intl (the formatter Highcharts creates first) in a task of its own, before the core chunk', async () => {
    const created = jest.spyOn(Intl, 'DateTimeFormat');
    const loading = loadHighchartsCore();
    // Not in the task that asked for Highcharts.
    expect(created).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(created).toHaveBeenCalledTimes(1);
    expect(created).toHaveBeenCalledWith(undefined, { timeZone: 'UTC', month: 'long' });
    created.mockRestore();
    // The core itself loads (once), without the stock module.
    jest.useRealTimers();
    const lib = await loading;
    expect(typeof lib.chart).toBe('function');
    expect(mockCore.stockChart).toBeUndefined();
    expect(loadHighchartsCore()).toBe(loading);

    // The chart page's: the same instance, with the stock module applied to it.
    const stock = await loadHighcharts();
    expect(stock).toBe(lib);
    expect(typeof stock.stockChart).toBe('function');
  });
});
