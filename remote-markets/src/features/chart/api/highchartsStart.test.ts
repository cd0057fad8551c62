import type { HighchartsLib } from './highcharts';

// Highcharts itself does not run in jsdom: stand-ins record what the start asks of it.
function fakeLib(renderer: () => unknown) {
  const formats: string[] = [];
  const Time = jest.fn(() => ({
    dateFormat: (format: string) => {
      formats.push(format);
      return '12:00';
    },
  }));
  const SVGRenderer = jest.fn(renderer);
  return { lib: { Time, SVGRenderer } as unknown as HighchartsLib, Time, SVGRenderer, formats };
}

/** A chainable stand-in for an SVG element. */
function element() {
  const el: Record<string, jest.Mock> = {};
  for (const name of ['attr', 'css', 'add', 'align', 'shadow']) el[name] = jest.fn(() => el);
  el.getBBox = jest.fn(() => ({ width: 20, height: 12 }));
  return el;
}

describe('startChartHighcharts', () => {
  let startChartHighcharts: typeof import('./highchartsStart').startChartHighcharts;
  beforeEach(() => {
    jest.isolateModules(() => {
      ({ startChartHighcharts } =
        jest.requireActual<typeof import('./highchartsStart')>('./highchartsStart'));
    });
  });

  it("formats in the chart's time zone and draws and measures a label in a hidden box, then removes it, once a page", () => {
    const renderer = {
      text: jest.fn(element),
      rect: jest.fn(element),
      path: jest.fn(element),
      fontMetrics: jest.fn(),
      destroy: jest.fn(),
    };
    const { lib, Time, SVGRenderer, formats } = fakeLib(() => renderer);
    const children = document.body.childElementCount;
    startChartHighcharts(lib, 'Asia/Shanghai', 'Roboto');
    expect(Time).toHaveBeenCalledWith({ timezone: 'Asia/Shanghai' });
    expect(formats.length).toBeGreaterThan(0);
    const [box, , , style] = SVGRenderer.mock.calls[0] as unknown as [HTMLElement, number, number, object];
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(style).toEqual({ fontFamily: 'Roboto' });
    expect(renderer.text).toHaveBeenCalledWith('12:00', 0, 0);
    expect(renderer.fontMetrics).toHaveBeenCalled();
    expect(renderer.destroy).toHaveBeenCalled();
    expect(document.body.childElementCount).toBe(children);
    startChartHighcharts(lib, 'Asia/Shanghai', 'Roboto');
    expect(SVGRenderer).toHaveBeenCalledTimes(1);
  });

  it('removes its box when the renderer fails', () => {
    const { lib } = fakeLib(() => {
      throw new Error('no SVG here');
    });
    const children = document.body.childElementCount;
    expect(() => startChartHighcharts(lib, 'Asia/Shanghai', 'Roboto')).toThrow('no SVG here');
    expect(document.body.childElementCount).toBe(children);
  });
});
