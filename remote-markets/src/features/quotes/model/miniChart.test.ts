import { lastCloses, miniChartPoints, miniTrend } from './miniChart';

describe('mini chart', () => {
  it('draws the last 7 closes across the width, highest at the top', () => {
    const closes = ['5', '1', '2', '3', '4', '5', '6', '7'];
    expect(lastCloses(closes)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    // 60 x 26 box, 2 px padding: y = 2 + (7 - v) / 6 * 22
    expect(miniChartPoints(closes, 60, 26)).toBe('0,24 10,20.3 20,16.6 30,13 40,9.3 50,5.6 60,2');
  });

  it('draws a flat series in the middle and a single point centred', () => {
    expect(miniChartPoints(['3', '3', '3'], 40, 20)).toBe('0,10 20,10 40,10');
    expect(miniChartPoints(['3'], 40, 20)).toBe('20,10');
    expect(miniChartPoints([], 40, 20)).toBe('');
  });

  it('scales decimal prices exactly', () => {
    expect(miniChartPoints(['0.00001', '0.00003', '0.00002'], 20, 24, 2)).toBe('0,22 10,2 20,12');
  });

  it('skips values that are not numbers and tells the trend', () => {
    expect(lastCloses(['1', 'x', '2'])).toEqual(['1', '2']);
    expect(miniTrend(['1', '2'])).toBe(1);
    expect(miniTrend(['2', '1'])).toBe(-1);
    expect(miniTrend(['2', '2'])).toBe(0);
  });
});
